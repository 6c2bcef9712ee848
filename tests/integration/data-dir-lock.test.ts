import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDbKind } from "../support/test-database.ts";

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => {
    output += d;
  });
  child.stderr!.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("Sage is running")) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited before starting:\n${output}`));
    });
  });
  started.catch(() => undefined); // observed by the tests that expect a start
  return { child, started, exited, output: () => output };
}

describe.skipIf(testDbKind() !== "pglite")("one process per PGlite directory", () => {
  it("a second process on the same DATA_DIR refuses to start and says why", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sage-lock-it-"));
    const first = startServer(dataDir);
    await first.started;
    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Sage process/);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // the lock is released on shutdown: the directory can be opened again
    const third = startServer(dataDir);
    await third.started;
    third.child.kill("SIGTERM");
    await third.exited;
  }, 240_000);
});
