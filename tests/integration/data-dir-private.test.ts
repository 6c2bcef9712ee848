import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signInOver, startServer } from "../support/server-process.ts";
import { testDbKind } from "../support/test-database.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Every entry under `dir` whose mode lets anyone but the owner in: "path 0644". */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    const mode = statSync(d).mode & 0o777;
    if (mode !== 0o700) found.push(`${path.relative(dir, d) || "."} ${mode.toString(8)}`);
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if ((statSync(full).mode & 0o077) !== 0) {
        found.push(`${path.relative(dir, full)} ${(statSync(full).mode & 0o777).toString(8)}`);
      }
    }
  };
  walk(dir);
  return found;
}

describe.skipIf(testDbKind() !== "pglite")("DATA_DIR is private to the server's user", () => {
  it("a fresh directory's PGlite files and session secret are 0600 in 0700 directories", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "sage-private-")), "data");
    cleanups.push(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: "" });
    cleanups.push(() => void server.child.kill("SIGKILL"));
    await signInOver(server.url, "private@example.com"); // writes reach the WAL
    const files = readdirSync(path.join(dataDir, "pglite"), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(notPrivate(dataDir)).toEqual([]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 240_000);

  it("an existing world-readable directory is repaired at start", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-private-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // what an older version left: PGlite's files 0666, directories 0777
    const first = await startServer({ DATA_DIR: dataDir });
    cleanups.push(() => void first.child.kill("SIGKILL"));
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const loosen = (d: string) => {
      chmodSync(d, 0o777);
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, entry.name);
        if (entry.isDirectory()) loosen(full);
        else chmodSync(full, 0o666);
      }
    };
    mkdirSync(path.join(dataDir, "backups"));
    writeFileSync(path.join(dataDir, "backups", "old.sql"), "chat text", { mode: 0o644 });
    loosen(dataDir);
    expect(notPrivate(dataDir).length).toBeGreaterThan(100);

    const second = await startServer({ DATA_DIR: dataDir });
    cleanups.push(() => void second.child.kill("SIGKILL"));
    await signInOver(second.url, "private@example.com");
    expect(notPrivate(dataDir)).toEqual([]);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);
});
