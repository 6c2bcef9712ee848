import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { findSessionByCookie } from "../auth/sessions.ts";
import { createMicrosoftConnection, requireCalendarKey } from "../connections/create-connection.ts";
import type { SyncDeps } from "../connections/sync-connection.ts";
import type { AppContext } from "../context.ts";
import { AppError, notFound, unauthenticated } from "../errors.ts";
import { defineRoute } from "../http/define-route.ts";
import {
  type MicrosoftIdentity,
  microsoftIdentity,
  microsoftRedirectUri,
} from "../integrations/identity/microsoft.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { REFRESH_COOKIE } from "./auth.ts";
import { registerMicrosoftPushRoutes } from "./connections-microsoft-push.ts";

const FLOW_COOKIE = "sage_mscal";
const FLOW_PATH = "/api/connections/microsoft";
const FLOW_TTL_SECONDS = 600;

const flowCookie = z.object({
  state: z.string().min(1).max(200),
  verifier: z.string().min(43).max(128),
  userId: z.uuid(),
});

/** Back to the calendar, on its connected calendars (decision 035), with the outcome. */
const backToCalendar = (outcome: { connected: true } | { error: string }) =>
  "connected" in outcome
    ? "/calendar?panel=calendars&connected=microsoft"
    : `/calendar?panel=calendars&connectError=${encodeURIComponent(outcome.error.slice(0, 200))}`;

/** Where a navigation carries the session cookie (its path is /api/auth). */
export const MICROSOFT_CONSENT_HOP = "/api/auth/microsoft/calendar";

/**
 * Microsoft 365 / Outlook.com (decision 040), only when MICROSOFT_CLIENT_ID is configured;
 * the same three steps as Google's (decision 018): a plain link, a hop under /api/auth where
 * the session cookie names the person and a signed, single-use, 10-minute flow cookie
 * (state, PKCE verifier, the person) is set, then the identity platform's consent, whose
 * redirect to the callback brings the cookie back. The callback trusts only that cookie.
 */
export function registerMicrosoftConnectRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: (log: FastifyBaseLogger) => SyncDeps,
): void {
  const secure = ctx.config.publicUrl.protocol === "https:";
  const cookieBase = { httpOnly: true, sameSite: "lax" as const, secure, path: FLOW_PATH };
  const identity: MicrosoftIdentity | undefined = ctx.config.microsoft
    ? microsoftIdentity(ctx.config.microsoft, microsoftRedirectUri(ctx.config.publicUrl))
    : undefined;

  const unavailable = () =>
    notFound(
      "Microsoft 365 calendars are not configured on this server (MICROSOFT_CLIENT_ID is not set)",
    );

  defineRoute(
    app,
    ctx,
    "startMicrosoftConnection",
    async ({ reply }) => {
      if (!identity) throw unavailable();
      return reply.redirect(MICROSOFT_CONSENT_HOP, 302);
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-microsoft-start", max: 30, windowSeconds: 60 }),
      ],
    },
  );

  defineRoute(
    app,
    ctx,
    "microsoftCalendarConsent",
    async ({ request, reply }) => {
      const cookie = request.cookies[REFRESH_COOKIE];
      const session = cookie ? await findSessionByCookie(ctx.db, cookie) : undefined;
      if (!session) throw unauthenticated();
      if (!identity) throw unavailable();
      try {
        requireCalendarKey(deps(request.log));
      } catch (err) {
        return reply.redirect(backToCalendar({ error: (err as Error).message }), 302);
      }
      const started = identity.start();
      reply.setCookie(FLOW_COOKIE, JSON.stringify({ ...started.flow, userId: session.user.id }), {
        ...cookieBase,
        maxAge: FLOW_TTL_SECONDS,
        signed: true,
      });
      return reply.redirect(started.url.href, 302);
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-microsoft", max: 20, windowSeconds: 600 }),
      ],
    },
  );

  defineRoute(
    app,
    ctx,
    "microsoftConnectionCallback",
    async ({ request, reply }) => {
      if (!identity) throw unavailable();
      // the flow is single-use: whatever happens next, it is gone
      reply.clearCookie(FLOW_COOKIE, cookieBase);
      const flow = readFlow(request);
      const query = request.query as Record<string, unknown>;
      if (typeof query.error === "string") {
        const error =
          query.error === "access_denied" || query.error === "consent_required"
            ? "Access to the Microsoft calendar was not granted"
            : "Microsoft could not complete the connection. Please try again.";
        return reply.redirect(backToCalendar({ error }), 302);
      }
      if (!flow) {
        return reply.redirect(
          backToCalendar({ error: "The connection link expired. Please try again." }),
          302,
        );
      }
      try {
        const tokens = await identity.finish(new URL(request.url, ctx.config.publicUrl), flow);
        await createMicrosoftConnection(deps(request.log), { userId: flow.userId, tokens });
        return reply.redirect(backToCalendar({ connected: true }), 302);
      } catch (err) {
        request.log.warn(
          { err: { name: (err as Error).name, message: (err as Error).message } },
          "microsoft calendar: connection refused",
        );
        const error =
          err instanceof AppError && err.status < 500
            ? err.message
            : "Microsoft 365 could not be connected. Please try again.";
        return reply.redirect(backToCalendar({ error }), 302);
      }
    },
    {
      preHandler: [
        rateLimit(ctx.db, { name: "connections-microsoft-callback", max: 30, windowSeconds: 60 }),
      ],
    },
  );

  // Graph's change and lifecycle notifications (decision 041)
  registerMicrosoftPushRoutes(app, ctx, deps);

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
