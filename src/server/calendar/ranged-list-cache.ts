import type { ListedOccurrence, ServerEvent } from "../../core/contract/calendar.ts";

export type RangedList = { events: ServerEvent[]; occurrences?: ListedOccurrence[] };

/** What a ranged list is a pure function of, besides the user's rows. */
export type RangedListStamp = { from: string; to: string; version: number; zone: string };

type Entry = RangedListStamp & { list: RangedList; bytes: number };

/** Rough bytes an answer holds in memory (its JSON is about half of it). */
const approxBytes = (list: RangedList) =>
  list.events.length * 1_500 + (list.occurrences?.length ?? 0) * 500;

/**
 * This process's last ranged list per user (the week or month a calendar shows, fetched
 * again on every focus and after every sync), keyed by a stamp read from the database:
 * the range, the user's zone and their calendar version (calendar_versions, bumped by a
 * trigger in the transaction of every change to their events). A change made through any
 * instance bumps the version, so no instance answers from rows older than the database.
 * Least recently used lists are dropped to keep the estimated bytes under `maxBytes`.
 * The lists held are shared: callers must not change them.
 */
export class RangedListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Is there an answer for this user and range, whatever its version? */
  has(userId: string, range: { from: string; to: string }): boolean {
    const entry = this.entries.get(userId);
    return entry !== undefined && entry.from === range.from && entry.to === range.to;
  }

  get(userId: string, stamp: RangedListStamp): RangedList | undefined {
    const entry = this.entries.get(userId);
    if (
      !entry ||
      entry.version !== stamp.version ||
      entry.zone !== stamp.zone ||
      entry.from !== stamp.from ||
      entry.to !== stamp.to
    ) {
      return undefined;
    }
    // re-insert: a Map iterates in insertion order, so the first key is the least recent
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.list;
  }

  set(userId: string, stamp: RangedListStamp, list: RangedList): void {
    const old = this.entries.get(userId);
    if (old) {
      this.entries.delete(userId);
      this.bytes -= old.bytes;
    }
    const bytes = approxBytes(list);
    if (bytes > this.maxBytes / 16) return;
    this.entries.set(userId, { ...stamp, list, bytes });
    this.bytes += bytes;
    for (const [key, victim] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= victim.bytes;
    }
  }

  /** The estimated bytes held now. */
  get size(): number {
    return this.bytes;
  }
}
