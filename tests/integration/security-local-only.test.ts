import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/server/project-root.ts";
import { signInOver, startServer } from "../support/server-process.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { testDbKind } from "../support/test-database.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** This machine's address on its network (what a laptop on the same Wi-Fi would dial). */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

function dataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sage-local-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A POST over a real socket with the headers as given (fetch drops a `host` header). */
function post(
  base: string,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; setCookie: string[] | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${route}`,
      { method: "POST", headers: { "content-type": "application/json", ...headers } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, setCookie: res.headers["set-cookie"] }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const devLogin = (base: string, headers: Record<string, string> = {}) =>
  post(base, "/api/auth/dev-login", { email: "victim@example.com" }, headers);

// real processes and sockets; the database does not matter, so PGlite only
describe.skipIf(testDbKind() !== "pglite")(
  "development sign-in and demo billing stay on this computer",
  () => {
    it("without HOST the server listens on 127.0.0.1 and ::1 only, and says so", async () => {
      const server = await startServer({ DATA_DIR: dataDir(), HOST: "", LOG_LEVEL: "info" });
      cleanups.push(() => void server.child.kill("SIGKILL"));
      const port = new URL(server.url).port;
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://[::1]:${port}/healthz`)).status).toBe(200);
      expect(server.output()).toMatch(
        /listening on 127\.0\.0\.1:\d+, \[::1\]:\d+ — this computer only/,
      );
      if (lanAddress) {
        await expect(fetch(`http://${lanAddress}:${port}/healthz`)).rejects.toThrow();
      }
    }, 240_000);

    it.skipIf(!lanAddress)(
      "with HOST=0.0.0.0 a peer on the network gets 403 from dev sign-in and demo billing, whatever its Host says",
      async () => {
        const server = await startServer({
          DATA_DIR: dataDir(),
          HOST: "0.0.0.0",
          LOG_LEVEL: "info",
        });
        cleanups.push(() => void server.child.kill("SIGKILL"));
        const port = new URL(server.url).port;
        const fromLan = `http://${lanAddress}:${port}`;
        expect(server.output()).toMatch(/listening on 0\.0\.0\.0:\d+/);
        expect(server.output()).not.toContain("this computer only");

        const refused = await devLogin(fromLan, { host: `127.0.0.1:${port}` });
        expect(refused.status).toBe(403);
        expect(refused.setCookie).toBeUndefined();
        expect((await devLogin(fromLan, { "x-forwarded-for": "127.0.0.1" })).status).toBe(403);

        // signed in on this computer, the token still cannot pay a demo checkout from the network
        const headers = await signInOver(server.url, "owner@example.com");
        const post = (base: string, route: string, body: unknown) =>
          fetch(`${base}${route}`, { method: "POST", headers, body: JSON.stringify(body) });
        const checkout = await post(server.url, "/api/create-checkout-session", {
          priceId: "demo_price_pro",
        });
        expect(checkout.status).toBe(200);
        const { url } = (await checkout.json()) as { url: string };
        const sessionId = new URL(url).searchParams.get("session_id");
        expect((await post(fromLan, "/api/demo-billing/complete", { sessionId })).status).toBe(403);
        expect((await post(server.url, "/api/demo-billing/complete", { sessionId })).status).toBe(
          200,
        );
      },
      240_000,
    );

    it("through a loopback tunnel (a public Host from 127.0.0.1) dev sign-in and demo billing answer 403", async () => {
      const server = await startServer({ DATA_DIR: dataDir(), LOG_LEVEL: "info" });
      cleanups.push(() => void server.child.kill("SIGKILL"));
      const port = new URL(server.url).port;
      // what ngrok or `ssh -R` delivers: the socket's peer is 127.0.0.1, the Host is public
      const tunnel = { host: "sage-demo.ngrok-free.app" };
      const refused = await devLogin(server.url, tunnel);
      expect(refused.status).toBe(403);
      expect(refused.setCookie).toBeUndefined();
      const publicWithPort = { host: `sage-demo.ngrok-free.app:${port}` };
      expect((await devLogin(server.url, publicWithPort)).status).toBe(403);
      const otherPort = { host: `localhost:${Number(port) + 1}` };
      expect((await devLogin(server.url, otherPort)).status).toBe(403);

      const headers = await signInOver(server.url, "owner@example.com");
      const checkout = await fetch(`${server.url}/api/create-checkout-session`, {
        method: "POST",
        headers,
        body: JSON.stringify({ priceId: "demo_price_pro" }),
      });
      const { url } = (await checkout.json()) as { url: string };
      const sessionId = new URL(url).searchParams.get("session_id");
      const complete = (extra: Record<string, string>) =>
        post(server.url, "/api/demo-billing/complete", { sessionId }, { ...headers, ...extra });
      expect((await complete(tunnel)).status).toBe(403);
      expect((await complete({ origin: "https://sage-demo.ngrok-free.app" })).status).toBe(403);
      // on this computer, under each of its names, the same calls pass
      for (const host of [`localhost:${port}`, `[::1]:${port}`]) {
        expect((await devLogin(server.url, { host })).status, host).toBe(200);
      }
      expect((await complete({ origin: `http://localhost:${port}` })).status).toBe(200);
    }, 240_000);
  },
);

describe("requests through the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("dev sign-in answers 403 to a non-loopback socket even with a forged X-Forwarded-For", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      remoteAddress: "192.168.1.20",
      headers: { "x-forwarded-for": "127.0.0.1", host: "localhost:3000" },
      payload: { email: "victim@example.com" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
  });

  it("dev sign-in from a loopback peer needs a local Host, and a local Origin when one is sent", async () => {
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        remoteAddress: "127.0.0.1",
        headers,
        payload: { email: "victim@example.com" },
      });
    // the test app listens on :80 by configuration and is published at localhost:3000
    for (const host of [
      "abc.ngrok-free.app",
      "evil.example:80",
      "localhost.evil.example:80",
      "127.0.0.2:80",
      "localhost:8080",
      "localhost:80@evil.example",
    ]) {
      const res = await login({ host });
      expect(res.statusCode, host).toBe(403);
      expect(res.cookies, host).toEqual([]);
    }
    expect(
      (await login({ host: "localhost:80", origin: "https://abc.ngrok-free.app" })).statusCode,
    ).toBe(403);
    for (const host of [
      "localhost:80",
      "localhost",
      "127.0.0.1:80",
      "[::1]:80",
      "localhost:3000",
    ]) {
      expect((await login({ host })).statusCode, host).toBe(200);
    }
    expect(
      (await login({ host: "localhost:80", origin: "http://localhost:3000" })).statusCode,
    ).toBe(200);
  });

  it("refresh accepts the loopback forms of the local origin, and nothing else", async () => {
    const s = await t.signIn();
    const refresh = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/refresh",
        headers: { origin, cookie: s.cookie },
      });
    expect(t.config.publicUrl.origin).toBe("http://localhost:3000");
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect((await refresh(origin)).statusCode, origin).toBe(200);
    }
    for (const origin of [
      "http://127.0.0.1:4000",
      "https://127.0.0.1:3000",
      "http://127.0.0.2:3000",
      "http://localhost.evil.example:3000",
      "http://192.168.1.20:3000",
      "null",
    ]) {
      expect((await refresh(origin)).statusCode, origin).toBe(403);
    }
  });

  it("signed-in and token-carrying JSON answers are Cache-Control: no-store", async () => {
    const s = await t.signIn();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "cache@example.com" },
    });
    expect(login.headers["cache-control"]).toBe("no-store");
    for (const url of ["/api/tasks", "/api/usage", "/api/profile", "/api/conversations"]) {
      const res = await t.app.inject({ method: "GET", url, headers: s.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { cookie: s.cookie },
    });
    expect(refreshed.headers["cache-control"]).toBe("no-store");
  });

  it("docs/SECURITY.md states the style-src the server sends", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    const styleSrc = String(res.headers["content-security-policy"])
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("style-src"))!;
    const doc = readFileSync(path.join(PROJECT_ROOT, "docs", "SECURITY.md"), "utf8");
    expect(doc).toContain(`\`${styleSrc}\``);
    expect(doc).not.toContain("`style-src 'self'`");
  });
});
