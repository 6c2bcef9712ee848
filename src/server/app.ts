import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from "fastify";
import sjson from "secure-json-parse";
import type Stripe from "stripe";
import { isAppPath } from "../core/app-paths.ts";
import { createAccessTokens } from "./auth/access-token.ts";
import { createRequireUser } from "./auth/authenticate.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./errors.ts";
import { registerErrorHandling } from "./http-errors.ts";
import { createBillingProvider } from "./integrations/billing/create-billing-provider.ts";
import { type GoogleSignIn, googleFromConfig } from "./integrations/identity/google.ts";
import type { LanguageModel } from "./integrations/llm/language-model.ts";
import { createOfflineAssistant } from "./integrations/llm/offline-assistant.ts";
import { languageModelFromConfig } from "./integrations/llm/providers.ts";
import { PROJECT_ROOT } from "./project-root.ts";
import { serializeError } from "./redact-error.ts";
import { registerAccountRoutes } from "./routes/account.ts";
import { registerAuthRoutes } from "./routes/auth.ts";
import { registerBillingRoutes } from "./routes/billing.ts";
import { registerCalendarRoutes } from "./routes/calendar.ts";
import { registerChatRoutes } from "./routes/chat.ts";
import { registerConnectionRoutes } from "./routes/connections.ts";
import { registerConversationRoutes } from "./routes/conversations.ts";
import { registerDemoBillingRoutes } from "./routes/demo-billing.ts";
import { registerDomainContextRoutes } from "./routes/domain-contexts.ts";
import { registerFitnessRoutes } from "./routes/fitness.ts";
import { registerMetaRoutes } from "./routes/meta.ts";
import { registerOnboardingRoutes } from "./routes/onboarding.ts";
import { registerPlanRoutes } from "./routes/plan.ts";
import { registerProductivityRoutes } from "./routes/productivity.ts";
import { registerProfileRoutes } from "./routes/profile.ts";
import { registerStripeWebhookRoutes } from "./routes/stripe-webhook.ts";
import { registerTaskRoutes } from "./routes/tasks.ts";
import { registerUsageRoutes } from "./routes/usage.ts";
import { registerVoteRoutes } from "./routes/votes.ts";

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
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
};

/** A built server (dist/server/main.js) serves the web build beside it (dist/web). */
function defaultWebRoot(): string {
  const besideBundle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "web");
  // src/web (the Vite source, beside src/server) has no assets/ folder; a build does
  return existsSync(path.join(besideBundle, "assets"))
    ? besideBundle
    : path.join(PROJECT_ROOT, "dist", "web");
}

/**
 * The build's path → HTML file table (pages.json); an older build without it has only the
 * prerendered landing.
 */
function builtPages(webRoot: string): Record<string, string> {
  const table = path.join(webRoot, "pages.json");
  if (existsSync(table)) {
    const pages = JSON.parse(readFileSync(table, "utf8")) as Record<string, string>;
    return Object.fromEntries(
      Object.entries(pages).filter(
        ([route, file]) => route.startsWith("/") && existsSync(path.join(webRoot, file)),
      ),
    );
  }
  if (!existsSync(path.join(webRoot, "landing.html"))) return {};
  return { "/": "landing.html", "/dashboard": "landing.html" };
}

export const BODY_LIMIT_BYTES = 100 * 1024;

/** Paths whose query string or last segment is a secret (OAuth codes, feed tokens). */
export function redactUrl(url: string): string {
  const noQuery = url.split("?")[0] ?? url;
  return noQuery.replace(/(\/feed\/)[^/]+/, "$1[redacted]");
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_JSON_DEPTH = 32;

/** Why a parsed JSON body is refused, or undefined when every string and key is clean. */
function textProblem(value: unknown, depth = 0): string | undefined {
  if (depth > MAX_JSON_DEPTH) return `JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
  if (typeof value === "string") {
    return value.includes("\u0000") || LONE_SURROGATE.test(value)
      ? "Text must not contain NUL characters or invalid Unicode (lone surrogates)."
      : undefined;
  }
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = textProblem(v, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const problem = textProblem(k, depth + 1) ?? textProblem(v, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
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
    logger: opts.logger ?? loggerOptions(config),
    // trust exactly TRUST_PROXY hops of X-Forwarded-For, never a client-supplied chain
    trustProxy: (_addr: string, hop: number) => hop < config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  if (opts.onRoute) app.addHook("onRoute", opts.onRoute);

  // JSON with an empty body reads as "no body" (the spec's ensure-profile call sends one);
  // prototype-poisoning keys are refused.
  app.removeAllContentTypeParsers(); // JSON only; a route that needs another type adds it
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    let value: unknown;
    try {
      value = sjson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
    } catch {
      return done(new AppError(400, "bad_request", "Malformed JSON body."), undefined);
    }
    // Postgres text cannot hold NUL, and a lone surrogate would be silently replaced: both
    // are refused here, once, for every JSON endpoint
    const problem = textProblem(value);
    if (problem) return done(new AppError(400, "bad_request", problem), undefined);
    done(null, value);
  });

  registerErrorHandling(app);
  warnOnUntrustedProxy(app, config);
  // API answers are one person's data (or carry a token): no browser or proxy keeps them,
  // unless a route chose its own caching (the feed)
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });
  // the same rule for path parameters and query strings (a %00 in a URL reaches them decoded)
  app.addHook("preValidation", async (request) => {
    const problem = textProblem(request.params) ?? textProblem(request.query);
    if (problem) throw new AppError(400, "bad_request", problem);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // inline styles, not scripts: Radix dialogs inject a <style> (scroll lock); see
        // docs/decisions/010-inline-styles-in-csp.md
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.protocol === "https:" ? [] : null,
      },
    },
    hsts: config.publicUrl.protocol === "https:",
    crossOriginEmbedderPolicy: false,
  });
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
  };

  registerMetaRoutes(app, ctx, webRoot);
  registerAuthRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerChatRoutes(app, ctx, opts.chatRateLimit);
  registerUsageRoutes(app, ctx);
  registerConversationRoutes(app, ctx);
  registerTaskRoutes(app, ctx);
  registerPlanRoutes(app, ctx);
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

  const hasWeb = existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // the build writes .br and .gz beside each asset (scripts/compress-assets.mjs)
      preCompressed: true,
      // send's own cache-control would override the one set below
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  const isSpaPath = (url: string) => {
    const pathname = url.split("?")[0] ?? "";
    // /api is the API's; a path with a file extension is a missing file, not a screen
    return !/^\/api(\/|$)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
  };
  const sendIndex = (reply: FastifyReply) => {
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html", { cacheControl: false });
  };
  if (hasWeb) {
    // pages written by the build (scripts/prerender-landing.mjs): the public pages are
    // prerendered so they paint before the JavaScript has loaded, and each page preloads
    // its route's chunks; every other path gets the bare shell
    for (const [route, file] of Object.entries(builtPages(webRoot))) {
      app.get(route, (_request, reply) => {
        reply.header("cache-control", "no-cache");
        return reply.sendFile(file, { cacheControl: false });
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const readable = request.method === "GET" || request.method === "HEAD";
    // the SPA owns every other path: its screens, and its own 404 screen with a 404 status
    if (hasWeb && readable && isSpaPath(request.url)) {
      if (!isAppPath(request.url.split("?")[0] ?? "")) reply.code(404);
      return sendIndex(reply);
    }
    return reply.code(404).send({ error: "Not found", code: "not_found" });
  });

  return app;
}
