import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { TEST_SECRET } from "../support/test-app.ts";
import { openTestDatabase } from "../support/test-database.ts";

/** A web build in miniature: the SPA shell, the prerendered landing and one hashed asset. */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  const files: Record<string, string> = {
    "index.html": '<!doctype html><div id="root"></div>',
    "landing.html": '<!doctype html><div id="root"><h1>An AI that manages</h1></div>',
    "productivity.html": '<!doctype html><div id="root"><h1>Calendar Intelligence</h1></div>',
    "book.html": '<!doctype html><div id="root"><h1>Book a time</h1></div>',
    "pages.json": JSON.stringify({
      "/": "landing.html",
      "/dashboard": "landing.html",
      "/productivity": "productivity.html",
      "/book/*": "book.html",
      "/missing": "missing.html",
    }),
    "assets/app-abc123.js": `console.log(${JSON.stringify("x".repeat(4000))});`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    if (name !== "index.html" && name !== "pages.json")
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
  }
}

let dir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sage-web-"));
  writeWebBuild(path.join(dir, "web"));
  const database = await openTestDatabase();
  const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: TEST_SECRET, LOG_LEVEL: "silent" });
  app = await buildApp({ config, database, logger: false, webRoot: path.join(dir, "web") });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it("serves the pages the build lists in pages.json (the prerendered landing on / and /dashboard), the shell elsewhere", async () => {
    for (const url of ["/", "/dashboard"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("An AI that manages");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const productivity = await app.inject({ method: "GET", url: "/productivity" });
    expect(productivity.body).toContain("Calendar Intelligence");
    expect(productivity.headers["cache-control"]).toBe("no-cache");
    // a page listed in pages.json whose file is missing falls back to the shell
    for (const url of ["/chat", "/privacy", "/terms", "/Chat/", "/success?session_id=x"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves one prerendered booking page for every /book/<slug>, whatever the link", async () => {
    for (const url of ["/book/AbCdEfGhIjKlMnOpQrSt", "/book/anything-else?from=x"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("Book a time");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    // /book alone is no screen
    expect((await app.inject({ method: "GET", url: "/book" })).statusCode).toBe(404);
  });

  it("answers a path that is no screen with status 404 and the app, which shows its 404 page", async () => {
    for (const url of ["/no/such/page", "/missing", "/chat/extra", "/missing?x=1"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
    const head = await app.inject({ method: "HEAD", url: "/missing" });
    expect(head.statusCode).toBe(404);
  });

  it("sends the precompressed file to a client that accepts brotli, the plain one otherwise", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("console.log");

    const plain = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log");

    const landing = await app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br" },
    });
    expect(landing.headers["content-encoding"]).toBe("br");
    expect(landing.headers["cache-control"]).toBe("no-cache");
  });

  it("lets browsers keep hashed assets forever", async () => {
    for (const headers of [{}, { "accept-encoding": "br" }]) {
      const res = await app.inject({ method: "GET", url: "/assets/app-abc123.js", headers });
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });
});
