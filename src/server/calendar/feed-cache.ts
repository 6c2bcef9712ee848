import type { BuiltFeed } from "./build-user-feed.ts";

type Entry = BuiltFeed & { stamp: string };

/**
 * This process's built feeds, at most one per user, keyed by a stamp read from the database
 * on every fetch (user, calendar version, zone, window day): a change through any instance
 * bumps the version, so no instance serves a feed older than the database. Least recently
 * used feeds are dropped to keep the gzipped bytes under `maxBytes`; a feed larger than
 * that is built and served but not kept. Concurrent fetches of one stamp share one build,
 * and at most `maxBuilds` builds run at once (each holds a window of events in memory).
 */
export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<BuiltFeed>>();
  private bytes = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: { maxBytes: number; maxBuilds: number }) {}

  /** The gzipped bytes held now. */
  get size(): number {
    return this.bytes;
  }

  async get(userId: string, stamp: string, build: () => Promise<BuiltFeed>): Promise<BuiltFeed> {
    const hit = this.entries.get(userId);
    if (hit?.stamp === stamp) {
      // re-insert: a Map iterates in insertion order, so the first key is the least recent
      this.entries.delete(userId);
      this.entries.set(userId, hit);
      return hit;
    }
    const key = `${userId}|${stamp}`;
    const pending = this.building.get(key);
    if (pending) return pending;
    const promise = this.throttled(build).finally(() => this.building.delete(key));
    this.building.set(key, promise);
    const built = await promise;
    this.keep(userId, { ...built, stamp });
    return built;
  }

  private keep(userId: string, entry: Entry): void {
    const old = this.entries.get(userId);
    if (old) {
      this.entries.delete(userId);
      this.bytes -= old.gzip.length;
    }
    if (entry.gzip.length > this.limits.maxBytes) return;
    this.entries.set(userId, entry);
    this.bytes += entry.gzip.length;
    for (const [key, victim] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= victim.gzip.length;
    }
  }

  private async throttled<T>(work: () => Promise<T>): Promise<T> {
    // a finished build hands its slot straight to the next waiting one
    if (this.running >= this.limits.maxBuilds) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
