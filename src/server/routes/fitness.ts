import type { FastifyInstance } from "fastify";
import { fitnessContextSummary } from "../../core/fitness/context-summary.ts";
import { routinesFromProgram } from "../../core/fitness/program-routines.ts";
import { answersByQuestion } from "../../core/fitness/questions.ts";
import { ENTITLEMENTS } from "../../core/plans.ts";
import { logActivity } from "../activity/log-activity.ts";
import { localeFrom } from "../assistant/format-when.ts";
import type { AppContext } from "../context.ts";
import { saveDomainContext } from "../domain-contexts/save-domain-context.ts";
import { notFound } from "../errors.ts";
import { generateFitnessProgram } from "../fitness/generate-fitness-program.ts";
import { readFitnessProgram } from "../fitness/read-fitness-program.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import { userTier } from "../plans/require-area.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { createRoutines } from "../routines/create-routine.ts";
import { placeRoutineSessions } from "../routines/place-routine-sessions.ts";
import { toRoutineDto } from "../routines/routine-dto.ts";

export const FITNESS_RATE_LIMIT = { name: "fitness-generate", max: 10, windowSeconds: 60 };
export const FITNESS_SAVE_RATE_LIMIT = { name: "fitness-save", max: 20, windowSeconds: 60 };

export function registerFitnessRoutes(app: FastifyInstance, ctx: AppContext): void {
  // its own open, rate-limited endpoint: anonymous previews work and spend no allowance
  defineRoute(
    app,
    ctx,
    "generateFitnessProgram",
    async ({ body: { answers }, request }) => {
      // the whole multi-week program is for plans that include it; everyone gets week 1
      const full = request.user
        ? ENTITLEMENTS[await userTier(ctx.db, request.user.id)].fullFitnessProgram
        : false;
      const program = await generateFitnessProgram({
        answers,
        llm: ctx.llm,
        log: request.log,
        full,
      });
      if (request.user) {
        await logActivity(ctx.db, {
          userId: request.user.id,
          activityType: "program_generated",
          domain: "fitness",
        });
      }
      return { program };
    },
    { preHandler: [rateLimit(ctx.db, FITNESS_RATE_LIMIT)] },
  );

  defineRoute(
    app,
    ctx,
    "saveFitnessProgram",
    async ({ user, body: { answers, program: given } }) => {
      const userId = user.id;
      // a full program is kept only for a plan that includes it (the preview is everyone's)
      const full = ENTITLEMENTS[await userTier(ctx.db, userId)].fullFitnessProgram;
      const program = full ? given : { ...given, fullProgram: undefined };
      const context = await saveDomainContext(ctx.db, {
        userId,
        domain: "fitness",
        contextSummary: fitnessContextSummary(answers, program),
        questionsResponses: answersByQuestion(answers),
        profileData: program,
      });
      return { saved: true as const, context };
    },
    { preHandler: [rateLimit(ctx.db, { ...FITNESS_SAVE_RATE_LIMIT, by: "user" })] },
  );

  // the saved program, reachable again (the /fitness/program screen)
  defineRoute(app, ctx, "getFitnessProgram", async ({ user }) =>
    readFitnessProgram(ctx.db, user.id),
  );

  // "Add to my calendar": the program's week as routines the person can adjust (issue 29);
  // their sessions are placed before the answer
  defineRoute(
    app,
    ctx,
    "addProgramRoutines",
    async ({ user, request }) => {
      const { program } = await readFitnessProgram(ctx.db, user.id);
      if (!program) throw notFound("No saved fitness program");
      const inputs = routinesFromProgram(program).map((r) => ({
        ...r,
        energy: r.energy ?? "medium",
        priority: r.priority ?? "medium",
      }));
      const added = await createRoutines(ctx.db, { userId: user.id, inputs, skipSame: true });
      if (added.length > 0)
        await placeRoutineSessions(
          { db: ctx.db, config: ctx.config, now: ctx.now, log: request.log, google: ctx.google },
          { userId: user.id, locale: localeFrom(request.headers["accept-language"]) },
        );
      return respond(201, {
        added: added.map(toRoutineDto),
        skipped: inputs.length - added.length,
      });
    },
    { preHandler: [rateLimit(ctx.db, { ...FITNESS_SAVE_RATE_LIMIT, by: "user" })] },
  );
}
