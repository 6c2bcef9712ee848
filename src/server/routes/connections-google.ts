import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { createGoogleConnection, requireCalendarKey } from "../connections/create-connection.ts";
import type { SyncDeps } from "../connections/sync-connection.ts";
import type { AppContext } from "../context.ts";
import { AppError, notFound } from "../errors.ts";
import { defineRoute } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

const FLOW_COOKIE = "sage_gcal";
const FLOW_PATH = "/api/connections/google";
const FLOW_TTL_SECONDS = 600;

const flowCookie = z.object({
  state: z.string().min(1),
  verifier: z.string().min(1),
  userId: z.uuid(),
});

/** Back to the calendar panel, with the outcome for the Connected calendars card. */
const backToCalendar = (outcome: { connected: true } | { error: string }) =>
  "connected" in outcome
    ? "/chat?panel=calendar&connected=google"
    : `/chat?panel=calendar&connectError=${encodeURIComponent(outcome.error.slice(0, 200))}`;

/**
 * Google Calendar's incremental consent (issue 16), only when Google sign-in is configured.
 * The app authenticates with a bearer token, which a top-level navigation cannot carry, so
 * the start is a POST that answers the consent URL and sets a signed, single-use flow
 * cookie (state, nonce, PKCE verifier and the person) scoped to these routes; the browser
 * then goes to Google, and Google's redirect to the callback brings the cookie back.
 */
export function registerGoogleConnectRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: (log: FastifyBaseLogger) => SyncDeps,
): void {
  const secure = ctx.config.publicUrl.protocol === "https:";
  const cookieBase = { httpOnly: true, sameSite: "lax" as const, secure, path: FLOW_PATH };

  // like /api/auth/google without Google: the feature is not there (a 404, not a fault)
  const unavailable = () =>
    notFound("Google Calendar needs Google sign-in, which is not configured on this server");

  defineRoute(
    app,
    ctx,
    "startGoogleConnection",
    async ({ user, request, reply }) => {
      if (!ctx.google) throw unavailable();
      requireCalendarKey(deps(request.log));
      const { url, flow } = await ctx.google.startCalendarConsent().catch((err: unknown) => {
        request.log.error({ err }, "google calendar: could not start the consent");
        throw new AppError(503, "service_unavailable", "Google is unavailable right now");
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify({ ...flow, userId: user.id }), {
        ...cookieBase,
        maxAge: FLOW_TTL_SECONDS,
        signed: true,
      });
      return { url: url.href };
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-google", max: 20, windowSeconds: 600, by: "user" }),
      ],
    },
  );

  defineRoute(
    app,
    ctx,
    "googleConnectionCallback",
    async ({ request, reply }) => {
      if (!ctx.google) throw unavailable();
      // the flow is single-use: whatever happens next, it is gone
      reply.clearCookie(FLOW_COOKIE, cookieBase);
      const flow = readFlow(request);
      const query = request.query as Record<string, unknown>;
      if (typeof query.error === "string") {
        const error =
          query.error === "access_denied"
            ? "Access to Google Calendar was not granted"
            : "Google could not complete the connection. Please try again.";
        return reply.redirect(backToCalendar({ error }), 302);
      }
      if (!flow) {
        return reply.redirect(
          backToCalendar({ error: "The connection link expired. Please try again." }),
          302,
        );
      }
      try {
        const tokens = await ctx.google.finishCalendarConsent(
          new URL(request.url, ctx.config.publicUrl),
          flow,
        );
        await createGoogleConnection(deps(request.log), { userId: flow.userId, tokens });
        return reply.redirect(backToCalendar({ connected: true }), 302);
      } catch (err) {
        request.log.warn(
          { err: { name: (err as Error).name } },
          "google calendar: connection refused",
        );
        const error =
          err instanceof AppError && err.status < 500
            ? err.message
            : "Google Calendar could not be connected. Please try again.";
        return reply.redirect(backToCalendar({ error }), 302);
      }
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-google-callback", max: 30, windowSeconds: 60 }),
      ],
    },
  );

  function readFlow(request: FastifyRequest) {
    const raw = request.cookies[FLOW_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    try {
      const parsed = flowCookie.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
