import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** A data directory holds about a thousand files (PGlite); far more means something else. */
export const MAX_REPAIRED_ENTRIES = 100_000;

/**
 * Makes DATA_DIR private to the server's user: the directory and every directory under it
 * 0700, every file 0600. Run at start, after `process.umask(0o077)` (so whatever is created
 * later — PGlite asks for 0666 — comes out private too), it repairs a directory an older
 * version or another tool left readable. Symbolic links are not followed. Bounded: it stops
 * after MAX_REPAIRED_ENTRIES entries and says how many it saw.
 */
export function makeDataDirPrivate(dataDir: string): { entries: number; complete: boolean } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let entries = 0;
  const pending = [dataDir];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (++entries > MAX_REPAIRED_ENTRIES) return { entries: entries - 1, complete: false };
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) chmodSync(full, lstatSync(full).mode & 0o100 ? 0o700 : 0o600);
    }
  }
  return { entries, complete: true };
}
