/**
 * One value kept in sessionStorage (this tab only), read back only when it passes its schema:
 * whatever is stored there — an older build's shape, a hand edit, another script — is never
 * trusted as typed. A value that fails the schema, or is older than `maxAgeMs`, is removed
 * and reads as null. Storage that is blocked or full (private mode) reads as null and
 * ignores writes: every caller has a way on without it.
 *
 * With `maxAgeMs` the value is stored with the time it was written (`{ value, at }`);
 * without, as its JSON alone.
 *
 * The schema is anything with zod's `safeParse`. Pages that already load zod pass a zod
 * schema; code on `/` passes a `guard()` instead, because zod would add ~24 KB gzip to a page
 * that must stay within 100 KB (docs/PERFORMANCE.md).
 */
export type Schema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/** A schema from a type guard, for values on pages that do not load zod. */
export function guard<T>(is: (value: unknown) => value is T): Schema<T> {
  return {
    safeParse: (value) => (is(value) ? { success: true, data: value } : { success: false }),
  };
}

export type SessionValue<T> = {
  write(value: T): void;
  read(): T | null;
  /** Reads and forgets. */
  take(): T | null;
  clear(): void;
};

export function sessionValue<T>(
  key: string,
  schema: Schema<T>,
  options: { maxAgeMs?: number } = {},
): SessionValue<T> {
  const { maxAgeMs } = options;
  const clear = () => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  };
  const read = (): T | null => {
    let raw: string | null;
    try {
      raw = sessionStorage.getItem(key);
    } catch {
      return null;
    }
    if (raw === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    let value = json;
    if (maxAgeMs !== undefined) {
      const stored = json as { value?: unknown; at?: unknown } | null | undefined;
      const fresh = typeof stored?.at === "number" && Date.now() - stored.at <= maxAgeMs;
      value = fresh ? stored?.value : undefined;
    }
    const parsed = value === undefined ? undefined : schema.safeParse(value);
    if (!parsed?.success) {
      clear();
      return null;
    }
    return parsed.data;
  };
  return {
    write(value) {
      try {
        const stored = maxAgeMs === undefined ? value : { value, at: Date.now() };
        sessionStorage.setItem(key, JSON.stringify(stored));
      } catch {
        // storage unavailable or full: the caller goes on without it
      }
    },
    read,
    take() {
      const value = read();
      clear();
      return value;
    },
    clear,
  };
}
