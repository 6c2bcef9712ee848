import cookie from "@fastify/cookie";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from "fastify";
import type Stripe from "stripe";
import { createAccessTokens } from "./auth/access-token.ts";
import { createRequireUser } from "./auth/authenticate.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { createBillingProvider } from "./integrations/billing/create-billing-provider.ts";
import { type GoogleSignIn, googleFromConfig } from "./integrations/identity/google.ts";
import type { LanguageModel } from "./integrations/llm/language-model.ts";
import { createOfflineAssistant } from "./integrations/llm/offline-assistant.ts";
import { languageModelFromConfig } from "./integrations/llm/providers.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { BODY_LIMIT_BYTES, registerJsonBody } from "./plugins/json-body.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { defaultWebRoot, registerWebApp } from "./plugins/web-app.ts";
import { serializeError } from "./redact-error.ts";
import { registerAccountRoutes } from "./routes/account.ts";
import { registerAuthRoutes } from "./routes/auth.ts";
import { registerBillingRoutes } from "./routes/billing.ts";
import { registerBookingRoutes } from "./routes/booking.ts";
import { registerCalendarRoutes } from "./routes/calendar.ts";
import { registerChatRoutes } from "./routes/chat.ts";
import { registerConnectionRoutes } from "./routes/connections.ts";
import { registerConversationRoutes } from "./routes/conversations.ts";
import { registerDemoBillingRoutes } from "./routes/demo-billing.ts";
import { registerDomainContextRoutes } from "./routes/domain-contexts.ts";
import { registerFitnessRoutes } from "./routes/fitness.ts";
import { registerInsightRoutes } from "./routes/insights.ts";
import { registerMetaRoutes } from "./routes/meta.ts";
import { registerOnboardingRoutes } from "./routes/onboarding.ts";
import { registerPlanRoutes } from "./routes/plan.ts";
import { registerProductivityRoutes } from "./routes/productivity.ts";
import { registerProfileRoutes } from "./routes/profile.ts";
import { registerRoutineRoutes } from "./routes/routines.ts";
import { registerStripeWebhookRoutes } from "./routes/stripe-webhook.ts";
import { registerTaskRoutes } from "./routes/tasks.ts";
import { registerTodayRoutes } from "./routes/today.ts";
import { registerUsageRoutes } from "./routes/usage.ts";
import { registerVoteRoutes } from "./routes/votes.ts";

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** A logger already made (main.ts shares its own with the database pool). */
  loggerInstance?: FastifyBaseLogger;
  /** Where the built SPA lives; defaults to dist/web. */
  webRoot?: string;
  /** Replaces the Google adapter (tests). */
  google?: GoogleSignIn;
  /** Replaces the configured language model (tests); `null` forces none. */
  llm?: LanguageModel | null;
  /** Replaces the clock (tests). */
  now?: () => Date;
  /** Replaces the per-user chat rate limit (benchmarks). */
  chatRateLimit?: { max: number; windowSeconds: number };
  /** Replaces the feed's per-token rate limit (benchmarks fetch each feed in a loop). */
  feedTokenRateLimit?: { max: number; windowSeconds: number };
  /** A Stripe SDK client to use instead of one built from STRIPE_SECRET_KEY (tests: a loopback fake). */
  stripeClient?: Stripe;
  /** Sees every route as it is registered (tests: the route table that keeps /api protected). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Checks every answer against the route table (a mismatch is a logged 500). Default: on
   * for a localhost PUBLIC_URL and under tests, off in production (no per-answer cost).
   */
  checkResponses?: boolean;
};

export { BODY_LIMIT_BYTES };

/** Paths whose query string or last segment is a secret (OAuth codes, feed tokens). */
export function redactUrl(url: string): string {
  const noQuery = url.split("?")[0] ?? url;
  return noQuery.replace(/(\/feed\/)[^/]+/, "$1[redacted]");
}

/** The production logger settings (tests add a `stream` to read what would be logged). */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    serializers: {
      req: (req: { method: string; url: string; ip: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      // query values (Drizzle's params, PostgreSQL's detail) never reach the log
      err: serializeError,
    },
  };
}

/**
 * Warns once, at the first request that carries X-Forwarded-For while TRUST_PROXY=0: the
 * server is behind a proxy it does not trust, so every client shares the proxy's address
 * and its per-address limits.
 */
function warnOnUntrustedProxy(app: FastifyInstance, config: Config): void {
  if (config.trustProxy > 0) return;
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    warned = true;
    app.log.warn(
      "requests carry X-Forwarded-For but TRUST_PROXY is 0: every client behind the proxy shares its address for rate limits. Set TRUST_PROXY to the number of proxies in front of Sage.",
    );
  });
}

export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const webRoot = opts.webRoot ?? defaultWebRoot();

  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? loggerOptions(config) }),
    // trust exactly TRUST_PROXY hops of X-Forwarded-For, never a client-supplied chain
    trustProxy: (_addr: string, hop: number) => hop < config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  if (opts.onRoute) app.addHook("onRoute", opts.onRoute);

  registerJsonBody(app);
  registerErrorHandling(app);
  warnOnUntrustedProxy(app, config);
  registerSecurityHeaders(app, config);
  await app.register(cookie, { secret: config.sessionSecret });

  const tokens = createAccessTokens(config.sessionSecret, config.publicUrl.origin);
  const google = opts.google ?? googleFromConfig(config);
  const llm = opts.llm === null ? undefined : (opts.llm ?? languageModelFromConfig(config.llm));
  const now = opts.now ?? (() => new Date());
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    tokens,
    requireUser: createRequireUser(database.db, tokens),
    google,
    llm,
    chatModel: llm ?? createOfflineAssistant(),
    now,
    devSignIn: !google && config.isLocal,
    billing: await createBillingProvider({
      config,
      db: database.db,
      now,
      stripeClient: opts.stripeClient,
    }),
    checkResponses: opts.checkResponses ?? (config.isLocal || process.env.NODE_ENV === "test"),
  };

  registerMetaRoutes(app, ctx, webRoot);
  registerAuthRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerChatRoutes(app, ctx, opts.chatRateLimit);
  registerUsageRoutes(app, ctx);
  registerConversationRoutes(app, ctx);
  registerTaskRoutes(app, ctx);
  registerRoutineRoutes(app, ctx);
  registerPlanRoutes(app, ctx);
  registerTodayRoutes(app, ctx);
  registerInsightRoutes(app, ctx);
  registerBookingRoutes(app, ctx);
  registerVoteRoutes(app, ctx);
  registerOnboardingRoutes(app, ctx);
  registerProductivityRoutes(app, ctx);
  registerFitnessRoutes(app, ctx);
  registerDomainContextRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerDemoBillingRoutes(app, ctx);
  await registerStripeWebhookRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerCalendarRoutes(app, ctx, opts.feedTokenRateLimit);
  registerConnectionRoutes(app, ctx);

  // last: the web app, and the 404 for everything else
  await registerWebApp(app, webRoot);

  return app;
}
