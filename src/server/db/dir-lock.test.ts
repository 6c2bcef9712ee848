import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDirLock, DataDirLockedError } from "./dir-lock.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sage-lock-"));

describe("acquireDirLock", () => {
  it("refuses a directory another live process holds", () => {
    const dir = tmp();
    // pid 1 is always alive
    writeFileSync(path.join(dir, ".lock"), "1");
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/in use by another Sage process \(pid 1\)/);
  });

  it("takes over a lock left by a process that has exited", () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(path.join(dir, ".lock"), dead.stdout.toString());
    const release = acquireDirLock(dir);
    release();
    expect(existsSync(path.join(dir, ".lock"))).toBe(false);
  });

  it("release frees the directory for the next process", () => {
    const dir = tmp();
    acquireDirLock(dir)();
    const again = acquireDirLock(dir);
    expect(existsSync(path.join(dir, ".lock"))).toBe(true);
    again();
  });
});
