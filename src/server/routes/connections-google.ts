import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { findSessionByCookie } from "../auth/sessions.ts";
import { createGoogleConnection, requireCalendarKey } from "../connections/create-connection.ts";
import { checkedChannel, syncAfterNotification } from "../connections/push-channels.ts";
import type { SyncDeps } from "../connections/sync-connection.ts";
import type { AppContext } from "../context.ts";
import { AppError, notFound, unauthenticated } from "../errors.ts";
import { defineRoute } from "../http/define-route.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { REFRESH_COOKIE } from "./auth.ts";

const FLOW_COOKIE = "sage_gcal";
const FLOW_PATH = "/api/connections/google";
const FLOW_TTL_SECONDS = 600;

const flowCookie = z.object({
  state: z.string().min(1),
  verifier: z.string().min(1),
  userId: z.uuid(),
});

/** Back to the calendar, on its connected calendars (decision 035), with the outcome. */
const backToCalendar = (outcome: { connected: true } | { error: string }) =>
  "connected" in outcome
    ? "/calendar?panel=calendars&connected=google"
    : `/calendar?panel=calendars&connectError=${encodeURIComponent(outcome.error.slice(0, 200))}`;

/** Where a navigation carries the session cookie (its path is /api/auth). */
export const CONSENT_HOP = "/api/auth/google/calendar";

/**
 * Google Calendar's incremental consent (issue 16), only when Google sign-in is configured.
 * `GET /api/connections/google/start` is a plain link: a top-level navigation carries no
 * bearer token, and the session cookie only travels under /api/auth, so the start sends the
 * browser on to CONSENT_HOP, which knows the person by that cookie, sets a signed,
 * single-use flow cookie (state, nonce, PKCE verifier and the person) scoped to these
 * routes, and redirects to Google's consent; Google's redirect to the callback brings the
 * cookie back.
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
    async ({ reply }) => {
      if (!ctx.google) throw unavailable();
      return reply.redirect(CONSENT_HOP, 302);
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-google-start", max: 30, windowSeconds: 60 }),
      ],
    },
  );

  defineRoute(
    app,
    ctx,
    "googleCalendarConsent",
    async ({ request, reply }) => {
      const cookie = request.cookies[REFRESH_COOKIE];
      const session = cookie ? await findSessionByCookie(ctx.db, cookie) : undefined;
      if (!session) throw unauthenticated();
      if (!ctx.google) throw unavailable();
      try {
        requireCalendarKey(deps(request.log));
      } catch (err) {
        return reply.redirect(backToCalendar({ error: (err as Error).message }), 302);
      }
      let started: Awaited<ReturnType<GoogleSignIn["startCalendarConsent"]>>;
      try {
        started = await ctx.google.startCalendarConsent();
      } catch (err) {
        request.log.error({ err }, "google calendar: could not start the consent");
        return reply.redirect(backToCalendar({ error: "Google is unavailable right now" }), 302);
      }
      reply.setCookie(FLOW_COOKIE, JSON.stringify({ ...started.flow, userId: session.user.id }), {
        ...cookieBase,
        maxAge: FLOW_TTL_SECONDS,
        signed: true,
      });
      return reply.redirect(started.url.href, 302);
    },
    {
      preHandler: [rateLimit(ctx.db, { name: "connections-google", max: 20, windowSeconds: 600 })],
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

  // Google's push notifications (decision 041): a channel Sage opened, with its token, or 403
  defineRoute(
    app,
    ctx,
    "googlePushNotification",
    async ({ request, reply }) => {
      const channelId = request.headers["x-goog-channel-id"];
      const token = request.headers["x-goog-channel-token"];
      const connectionId =
        typeof channelId === "string" && typeof token === "string"
          ? (await checkedChannel(ctx, channelId, token))?.connectionId
          : undefined;
      if (!connectionId) throw new AppError(403, "forbidden", "Unknown channel.");
      // the first message only says the channel is open; every other one: something changed
      if (request.headers["x-goog-resource-state"] !== "sync") {
        void syncAfterNotification(deps(request.log), connectionId);
      }
      return reply.code(200).send();
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-google-notify", max: 600, windowSeconds: 60 }),
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
