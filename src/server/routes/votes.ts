import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { defineRoute } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { castVote } from "../votes/cast-vote.ts";
import { readVoteCounts } from "../votes/read-vote-counts.ts";
import { ensureVoterCookie, voterKey } from "../votes/voter-key.ts";

/** Per client address: nine honest votes fit many times over; a stuffing script does not. */
export const VOTE_RATE_LIMIT = { name: "votes", max: 30, windowSeconds: 600 };
/** Reading the counts: every landing-page load does it once. */
export const VOTE_READ_RATE_LIMIT = { name: "votes-read", max: 300, windowSeconds: 60 };

export function registerVoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const secure = ctx.config.publicUrl.protocol === "https:";

  defineRoute(
    app,
    ctx,
    "getVotes",
    async ({ request, reply }) => {
      // the landing page reads the counts before anyone votes: that is when the voter gets
      // their anonymous cookie
      ensureVoterCookie(request, reply, { secure });
      reply.header("cache-control", "no-store");
      return { votes: await readVoteCounts(ctx.db) };
    },
    { preHandler: [rateLimit(ctx.db, VOTE_READ_RATE_LIMIT)] },
  );

  defineRoute(
    app,
    ctx,
    "castVote",
    async ({ request, body }) =>
      castVote(ctx.db, {
        sageId: body.sageId,
        voterKey: voterKey(request, ctx.config.sessionSecret),
      }),
    { preHandler: [rateLimit(ctx.db, VOTE_RATE_LIMIT)] },
  );
}
