import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // an exited process that nobody reaped yet (a zombie) holds nothing
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/**
 * Takes `<dir>/.lock` for this process (atomic O_EXCL create). A lock left by a process that
 * no longer runs is taken over. Returns the release function.
 */
export function acquireDirLock(dir: string): () => void {
  const file = path.join(dir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Sage process (pid ${holder}). ` +
            "Stop it first, or start this one with a different DATA_DIR.",
        );
      }
      rmSync(file, { force: true }); // stale lock from a crashed process
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}
