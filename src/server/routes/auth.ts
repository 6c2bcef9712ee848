import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { devLoginRequest } from "../../core/contract/auth.ts";
import { findOrCreateGoogleUser, findOrCreateUserByEmail } from "../auth/find-or-create-user.ts";
import { isLocalRequest, requireLocalRequest } from "../auth/require-loopback-peer.ts";
import {
  createSession,
  findSessionByCookie,
  revokeSession,
  SESSION_TTL_DAYS,
  sessionIdFromCookie,
} from "../auth/sessions.ts";
import { isOwnOrigin } from "../config.ts";
import type { AppContext } from "../context.ts";
import { AppError, notFound, unauthenticated } from "../errors.ts";
import { defineRoute, respond } from "../http/define-route.ts";
import type { OidcFlow } from "../integrations/identity/google.ts";
import { ensureProfile } from "../profile/ensure-profile.ts";
import { enforceRateLimit, perAddressLimit, rateLimit } from "../rate-limit/consume-rate-limit.ts";
import { usageEmailKey } from "../usage/usage-carryover.ts";

export const REFRESH_COOKIE = "sage_session";

/**
 * Per client address. Generous enough for every tab of a household behind one address
 * (the SPA refreshes once per page load), tight enough to stop a script hammering the
 * database or Google's token endpoint.
 *
 * Refresh and development sign-in count differently, so a valid credential is never
 * starved by invalid ones from the same address (everyone behind a proxy with
 * TRUST_PROXY=0, everyone on this computer for dev sign-in): `refresh` and `devLogin` count
 * only the FAILED attempts per address (no or a dead session; a bad e-mail, a cross-site or
 * non-local caller), while a refresh with a live session counts against that session
 * (`refreshSession`) and a good dev sign-in against its e-mail (`devLoginEmail`).
 */
/**
 * Keyed by what the caller must hold where something exists (a live session, a sign-in flow
 * of their own, an e-mail on this computer), so nobody sharing an address (an office, a
 * proxy with TRUST_PROXY=0) can use them up for a person who did nothing wrong; per address
 * only for what carries nothing of the caller's, and then generously (docs/SECURITY.md).
 */
export const AUTH_RATE_LIMITS = {
  refresh: { name: "auth-refresh", max: 300, windowSeconds: 60 },
  refreshSession: { name: "auth-refresh-session", max: 60, windowSeconds: 60 },
  logout: { name: "auth-logout", max: 300, windowSeconds: 60 },
  logoutSession: { name: "auth-logout-session", max: 60, windowSeconds: 60 },
  // starting costs a signed cookie and a redirect: an office of hundreds signs in at 9:00
  google: { name: "auth-google", max: 600, windowSeconds: 60 },
  // callbacks that bring no flow of theirs (no or a forged flow cookie), per address
  callback: { name: "auth-google-callback", max: 60, windowSeconds: 60 },
  // a flow is single-use: a few tries per flow (a reload, a double click) and no more
  callbackFlow: { name: "auth-google-callback-flow", max: 5, windowSeconds: 600 },
  devLogin: { name: "auth-dev-login", max: 60, windowSeconds: 60 },
  // generous: the load bench signs 200 people in ~140 times a minute each
  devLoginEmail: { name: "auth-dev-login-email", max: 300, windowSeconds: 60 },
};

/**
 * A readable hint beside the httpOnly session cookie, holding no secret: it tells the web
 * app that a session may exist, so a visitor who never signed in is not sent to
 * /api/auth/refresh only to get a 401 (a console error on every page load).
 */
export const SIGNED_IN_HINT_COOKIE = "sage_signed_in";
export const hintCookieOptions = (secure: boolean) => ({
  httpOnly: false,
  sameSite: "lax" as const,
  secure,
  path: "/",
});
const FLOW_COOKIE = "sage_oidc";
const FLOW_TTL_SECONDS = 600;

type RefreshSession = Awaited<ReturnType<typeof findSessionByCookie>>;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const secure = ctx.config.publicUrl.protocol === "https:";
  const cookieBase = { httpOnly: true, sameSite: "lax" as const, secure, path: "/api/auth" };

  async function startSession(reply: FastifyReply, user: { id: string; email: string }) {
    // a new account starts with what a deleted one of the same e-mail used this month
    await ensureProfile(ctx.db, user, {
      emailKey: usageEmailKey(ctx.config.sessionSecret, user.email),
      now: ctx.now(),
    });
    const cookie = await createSession(ctx.db, user.id);
    reply.setCookie(REFRESH_COOKIE, cookie, {
      ...cookieBase,
      maxAge: SESSION_TTL_DAYS * 86_400,
    });
    reply.setCookie(SIGNED_IN_HINT_COOKIE, "1", {
      ...hintCookieOptions(secure),
      maxAge: SESSION_TTL_DAYS * 86_400,
    });
    const sessionId = sessionIdFromCookie(cookie)!;
    return ctx.tokens.sign({ userId: user.id, sessionId, email: user.email });
  }

  const sameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return !origin || isOwnOrigin(origin, ctx.config.publicUrl);
  };
  /** Cookie-authenticated endpoints refuse cross-site callers (CSRF). */
  function requireSameOrigin(request: FastifyRequest): void {
    if (!sameOrigin(request)) throw new AppError(403, "forbidden", "Cross-site request refused.");
  }

  /** The refresh's session, looked up once by its rate limit and read by its handler. */
  const refreshSessions = new WeakMap<FastifyRequest, RefreshSession | undefined>();
  const refreshLimit = perAddressLimit(AUTH_RATE_LIMITS.refresh, async (request, reply) => {
    const cookie = request.cookies[REFRESH_COOKIE];
    const session = cookie ? await findSessionByCookie(ctx.db, cookie) : undefined;
    refreshSessions.set(request, session);
    await enforceRateLimit(ctx.db, {
      rule: session ? AUTH_RATE_LIMITS.refreshSession : AUTH_RATE_LIMITS.refresh,
      key: session ? `s:${session.sessionId}` : `ip:${request.ip}`,
      reply,
    });
  });

  const devLoginLimit = perAddressLimit(AUTH_RATE_LIMITS.devLogin, async (request, reply) => {
    const input = devLoginRequest.safeParse(request.body);
    const good = input.success && sameOrigin(request) && isLocalRequest(request, ctx.config);
    await enforceRateLimit(ctx.db, {
      rule: good ? AUTH_RATE_LIMITS.devLoginEmail : AUTH_RATE_LIMITS.devLogin,
      key: good ? `e:${input.data.email.toLowerCase()}` : `ip:${request.ip}`,
      reply,
    });
  });

  const limited = (rule: (typeof AUTH_RATE_LIMITS)[keyof typeof AUTH_RATE_LIMITS]) => ({
    preHandler: [rateLimit(ctx.db, rule)],
  });

  /** A callback with a flow cookie of ours counts against that flow, any other per address. */
  const callbackLimit = perAddressLimit(AUTH_RATE_LIMITS.callback, async (request, reply) => {
    const flow = readFlow(request);
    await enforceRateLimit(ctx.db, {
      rule: flow ? AUTH_RATE_LIMITS.callbackFlow : AUTH_RATE_LIMITS.callback,
      key: flow ? `f:${flow.state}` : `ip:${request.ip}`,
      reply,
    });
  });

  /** The logout's session, looked up once by its rate limit and read by its handler. */
  const logoutSessions = new WeakMap<FastifyRequest, RefreshSession | undefined>();
  const logoutLimit = perAddressLimit(AUTH_RATE_LIMITS.logout, async (request, reply) => {
    const cookie = request.cookies[REFRESH_COOKIE];
    const session = cookie ? await findSessionByCookie(ctx.db, cookie) : undefined;
    logoutSessions.set(request, session);
    await enforceRateLimit(ctx.db, {
      rule: session ? AUTH_RATE_LIMITS.logoutSession : AUTH_RATE_LIMITS.logout,
      key: session ? `s:${session.sessionId}` : `ip:${request.ip}`,
      reply,
    });
  });

  defineRoute(
    app,
    ctx,
    "googleSignIn",
    async ({ reply }) => {
      if (!ctx.google) throw notFound("Google sign-in is not configured.");
      try {
        const { url, flow } = await ctx.google.start();
        reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
          ...cookieBase,
          path: "/api/auth/google",
          maxAge: FLOW_TTL_SECONDS,
          signed: true,
        });
        return reply.redirect(url.href, 302);
      } catch (err) {
        app.log.error({ err }, "google sign-in: could not start");
        return reply.redirect(failureUrl("Google sign-in is unavailable right now."), 302);
      }
    },
    limited(AUTH_RATE_LIMITS.google),
  );

  defineRoute(
    app,
    ctx,
    "googleSignInCallback",
    async ({ request, reply }) => {
      if (!ctx.google) throw notFound("Google sign-in is not configured.");
      // the flow is single-use: whatever happens next, it is gone
      reply.clearCookie(FLOW_COOKIE, { ...cookieBase, path: "/api/auth/google" });
      const flow = readFlow(request);
      const query = request.query as Record<string, unknown>;
      if (typeof query.error === "string") {
        // the provider's error code is not echoed: only known codes get their own text
        const text =
          query.error === "access_denied"
            ? "Access was denied."
            : "Google could not complete the sign-in. Please try again.";
        return reply.redirect(failureUrl(text), 302);
      }
      if (!flow)
        return reply.redirect(failureUrl("The sign-in link expired. Please try again."), 302);
      try {
        const callbackUrl = new URL(request.url, ctx.config.publicUrl);
        const identity = await ctx.google.finish(callbackUrl, flow);
        const user = await findOrCreateGoogleUser(ctx.db, identity);
        await startSession(reply, user);
        return reply.redirect("/chat", 302);
      } catch (err) {
        request.log.warn(
          { err: { name: (err as Error).name } },
          "google sign-in: callback refused",
        );
        return reply.redirect(failureUrl(describeOidcError(err)), 302);
      }
    },
    { preHandler: [callbackLimit] },
  );

  function readFlow(request: FastifyRequest): OidcFlow | undefined {
    const raw = request.cookies[FLOW_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    try {
      const flow = JSON.parse(unsigned.value) as OidcFlow;
      return flow.state && flow.nonce && flow.verifier ? flow : undefined;
    } catch {
      return undefined;
    }
  }

  defineRoute(
    app,
    ctx,
    "devLogin",
    async ({ body: { email }, reply }) => {
      const user = await findOrCreateUserByEmail(ctx.db, email);
      const accessToken = await startSession(reply, user);
      return { accessToken, user };
    },
    {
      preHandler: [
        devLoginLimit,
        // before the body is read: elsewhere than on this computer the route is not there
        async (request: FastifyRequest) => {
          if (!ctx.devSignIn) throw notFound();
          await requireLocalRequest(ctx.config)(request);
          requireSameOrigin(request);
        },
      ],
    },
  );

  defineRoute(
    app,
    ctx,
    "refreshSession",
    async ({ request, reply }) => {
      requireSameOrigin(request);
      const session = refreshSessions.get(request);
      if (!session) {
        reply.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions(secure));
        throw unauthenticated("Authentication required. Please sign in.");
      }
      const accessToken = await ctx.tokens.sign({
        userId: session.user.id,
        sessionId: session.sessionId,
        email: session.user.email,
      });
      return { accessToken, user: session.user };
    },
    { preHandler: [refreshLimit] },
  );

  defineRoute(
    app,
    ctx,
    "logout",
    async ({ request, reply }) => {
      requireSameOrigin(request);
      const session = logoutSessions.get(request);
      if (session) await revokeSession(ctx.db, session.sessionId);
      reply.clearCookie(REFRESH_COOKIE, cookieBase);
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions(secure));
      return respond(204);
    },
    { preHandler: [logoutLimit] },
  );
}

function failureUrl(message: string): string {
  return `/?authError=${encodeURIComponent(message.slice(0, 200))}`;
}

/** A short reason for the 'Sign in failed: …' alert; details stay in the log. */
function describeOidcError(err: unknown): string {
  const e = err as { code?: string; error?: string; message?: string; cause?: unknown };
  if (e.code === "OAUTH_RESPONSE_IS_NOT_CONFORM" || e.error === "invalid_grant") {
    return "The sign-in code was invalid or already used. Please try again.";
  }
  // openid-client wraps the check that failed: 'invalid response encountered', and the
  // reason ('unexpected "state" response parameter value') is the cause's message
  const detail = e.cause instanceof Error ? e.cause.message : "";
  if (/state/i.test(`${e.message ?? ""} ${detail}`)) {
    return "The sign-in response did not match this browser. Please try again.";
  }
  if (e.message === "This e-mail address belongs to another account.") return e.message;
  return "Google's answer could not be verified. Please try again.";
}
