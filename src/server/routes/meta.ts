import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppMeta } from "../../core/contract/auth.ts";
import type { VersionInfo } from "../../core/contract/profile.ts";
import type { AppContext } from "../context.ts";
import { defineRoute } from "../http/define-route.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** A constant answer, generous enough for any page that asks once. */
const META_RATE_LIMIT = { name: "meta", max: 300, windowSeconds: 60 };

export function registerMetaRoutes(app: FastifyInstance, ctx: AppContext, webRoot: string): void {
  const version = readVersion(webRoot);
  const meta: AppMeta = {
    signIn: { google: Boolean(ctx.google), development: ctx.devSignIn },
    connect: { microsoft: Boolean(ctx.config.microsoft) },
    modes: {
      database: ctx.database.kind,
      assistant: ctx.config.llm.apiKey || ctx.config.llm.baseUrl ? "model" : "offline",
      billing: ctx.config.stripe.secretKey ? "stripe" : ctx.config.isLocal ? "demo" : "unavailable",
    },
  };

  defineRoute(app, ctx, "getMeta", async () => meta, {
    preHandler: [rateLimit(ctx.db, META_RATE_LIMIT)],
  });
  app.get("/version.json", async (_req, reply) => {
    reply.header("cache-control", "no-cache");
    return version;
  });
  app.get("/healthz", async (_req, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { ok: true, database: "up" };
    } catch (err) {
      app.log.error({ err }, "health check: database unreachable");
      return reply.code(503).send({ ok: false, database: "down" });
    }
  });
}

/** Written by the build (scripts/write-version.mjs); a development run reports the package version. */
function readVersion(webRoot: string): VersionInfo {
  try {
    return JSON.parse(readFileSync(path.join(webRoot, "version.json"), "utf8")) as VersionInfo;
  } catch {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8"));
    return {
      version: String(pkg.version),
      revision: "development",
      buildDate: new Date().toISOString(),
      branch: "development",
      lastCommitDate: "unknown",
    };
  }
}
