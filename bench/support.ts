import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Fastify from "fastify";
import { type BuildOptions, buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { setupPglite, setupPostgres } from "../tests/support/global-setup.ts";
import { recordingModel } from "../tests/support/mock-models.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";

export type Figures = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** Runs autocannon against a URL and returns the figures that matter. */
export async function load(name: string, opts: autocannon.Options): Promise<Figures> {
  const duration = Number(process.env.BENCH_SECONDS ?? 8);
  const result = await autocannon({ connections: 50, duration, ...opts });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The baseline: bare Fastify routes answering a small JSON object, and (when given) the same
 * bodies the real routes answer, from memory.
 */
export async function startBareFastify(snapshots: { usage?: string; events?: string } = {}) {
  const bare = Fastify({ logger: false });
  const json =
    (body = "{}") =>
    async (_req: unknown, reply: import("fastify").FastifyReply) =>
      reply.type("application/json").send(body);
  bare.get("/bare/usage", json(snapshots.usage));
  bare.get("/bare/events", json(snapshots.events));
  bare.get("/bare", async () => ({ ok: true, remaining: 14 }));
  bare.post("/bare", async () => ({ response: "Sure — here's a plan.", remainingUsage: 14 }));
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const { port } = bare.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => bare.close() };
}

export function printTable(rows: Figures[], baseline: Figures): void {
  console.log("\n| target | req/s | p50 ms | p99 ms | ratio to bare | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const ratio = (r.rps / baseline.rps).toFixed(2);
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${ratio} | ${r.errors} | ${r.non2xx} |`,
    );
  }
}

/**
 * The whole API listening on loopback over a fresh copy of the test template database
 * (PostgreSQL when TEST_DATABASE_URL is set, else PGlite), with an instant fake model and
 * no chat rate limit, so a benchmark measures the server and not the limits. `env` adds to
 * (or overrides) the configuration, `google` is the Google sign-in to use.
 */
export async function startBenchApp(
  prefix: string,
  opts: { env?: Record<string, string>; google?: BuildOptions["google"] } = {},
) {
  const kind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
  process.env.SAGE_TEST_DB = kind;
  await (kind === "postgres" ? setupPostgres() : setupPglite());
  const database = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `${prefix}-`)),
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "silent",
    PORT: "0",
    // in-process requests say `Host: localhost:80`: development sign-in answers only requests
    // made on this computer, to this server (require-loopback-peer.ts)
    PUBLIC_URL: "http://localhost",
    // behind one proxy hop, so a benchmark can speak for many client addresses
    TRUST_PROXY: "1",
    ...opts.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    // as in production: the route table's answer check is for development and tests
    checkResponses: false,
    llm: recordingModel().model,
    chatRateLimit: { max: 1_000_000, windowSeconds: 60 },
    feedTokenRateLimit: { max: 1_000_000, windowSeconds: 60 },
    ...(opts.google ? { google: opts.google } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return { kind, database, app, config, url: `http://127.0.0.1:${port}` };
}
