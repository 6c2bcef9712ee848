/** What an answer is a pure function of besides the user's rows: versions, a range, a zone. */
export type Stamp = Readonly<Record<string, string | number>>;

type Entry<S extends Stamp, V> = { stamp: S; value: V; bytes: number };

const sameStamp = (a: Stamp, b: Stamp) => {
  for (const key in a) if (a[key] !== b[key]) return false;
  for (const key in b) if (!(key in a)) return false;
  return true;
};

/**
 * One answer per user held by this process (a calendar's week, a task list: asked again on
 * every focus and after every sync), keyed by a stamp read from the database on every
 * request — versions bumped by triggers in the transaction of every change — so no instance
 * answers from rows older than the database, whichever instance made the change. Least
 * recently used answers are dropped to keep the estimated bytes under `maxBytes`; one
 * answer may take at most a sixteenth. The values held are shared: callers must not change
 * them.
 */
export class PerUserCache<S extends Stamp, V> {
  private readonly entries = new Map<string, Entry<S, V>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** Rough bytes a value holds in memory, its JSON included once served. */
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The stamp of the answer held for this user, whatever it is. */
  stampOf(userId: string): S | undefined {
    return this.entries.get(userId)?.stamp;
  }

  /** The answer held for this user if its stamp is this one. */
  get(userId: string, stamp: S): V | undefined {
    const entry = this.entries.get(userId);
    if (!entry || !sameStamp(entry.stamp, stamp)) return undefined;
    // re-insert: a Map iterates in insertion order, so the first key is the least recent
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.value;
  }

  set(userId: string, stamp: S, value: V): void {
    const old = this.entries.get(userId);
    if (old) {
      this.entries.delete(userId);
      this.bytes -= old.bytes;
    }
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes / 16) return;
    this.entries.set(userId, { stamp, value, bytes });
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
