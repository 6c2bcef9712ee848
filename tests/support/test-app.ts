import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteOptions } from "fastify";
import { type BuildOptions, buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openTestDatabase } from "./test-database.ts";

export const TEST_SECRET = "test-session-secret-that-is-long-enough-0123456789";

type Options = {
  env?: Record<string, string>;
  google?: BuildOptions["google"];
  llm?: BuildOptions["llm"];
  now?: BuildOptions["now"];
  stripeClient?: BuildOptions["stripeClient"];
};

/**
 * The whole API over a fresh copy of the template database. Requests go through Fastify's
 * full HTTP pipeline (inject), or over loopback after `app.listen`.
 */
export async function createTestApp(opts: Options = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-test-"));
  const database = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SECRET,
    LOG_LEVEL: "silent",
    // an injected request has no socket and says `Host: localhost:80`: the app is configured
    // as listening there, and published on the usual local origin
    PORT: "80",
    PUBLIC_URL: "http://localhost:3000",
    ...opts.env,
  });
  /** Every route the app registered (HEAD twins of GET routes left out). */
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    onRoute: (route) => {
      if (route.method !== "HEAD") routes.push(route);
    },
    config,
    database,
    logger: false,
    webRoot: path.join(dataDir, "no-web"),
    google: opts.google,
    llm: opts.llm,
    now: opts.now,
    stripeClient: opts.stripeClient,
  });
  await app.ready();

  /** Signs in through development sign-in; returns the bearer header and the session cookie. */
  async function signIn(email = `user-${Math.random().toString(36).slice(2)}@example.com`) {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email },
    });
    if (res.statusCode !== 200) throw new Error(`dev-login failed: ${res.statusCode} ${res.body}`);
    const body = res.json() as { accessToken: string; user: { id: string; email: string } };
    const cookie = res.cookies.find((c) => c.name === "sage_session")!;
    return {
      ...body,
      headers: { authorization: `Bearer ${body.accessToken}` },
      cookie: `${cookie.name}=${cookie.value}`,
    };
  }

  /** One chat turn as this person (POST /api/chat); a turn that is not a 200 throws. */
  async function say<T = { response: string; calendarChanged: boolean }>(
    headers: Record<string, string>,
    message: string,
  ): Promise<T> {
    const res = await app.inject({
      method: "POST",
      url: "/api/chat",
      headers,
      payload: { message },
    });
    if (res.statusCode !== 200) throw new Error(`chat failed: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }

  return {
    app,
    config,
    database,
    db: database.db,
    routes,
    signIn,
    say,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
