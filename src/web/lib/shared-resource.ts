import { useEffect, useSyncExternalStore } from "react";
import { ApiError } from "./api.ts";
import { addSessionCache } from "./session-caches.ts";
import { isOnline, subscribeOnline } from "./use-online.ts";

/**
 * A small cache for the few public reads every page may show (the server's modes, the vote
 * counts), so the landing page and the shell do not load TanStack Query (decision 033). It
 * keeps the behaviour those reads had as queries: one request shared by every reader, no
 * request while offline (it starts when the connection is back), two retries for network
 * and server errors (1 s, 2 s apart), asked again on reconnect or when the session is
 * confirmed if it failed or went stale, and an update that overrides an answer on its way.
 * Signed-in server state stays in TanStack Query (src/web/lib/query-client.ts).
 */
export type ResourceState<T> = {
  data: T | undefined;
  error: unknown;
  status: "pending" | "success" | "error";
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
};

export type Resource<T> = {
  read: () => ResourceState<T>;
  subscribe: (onChange: () => void) => () => void;
  /** The data, fetched unless fresh (TanStack's fetchQuery). */
  fetch: () => Promise<T>;
  /** Fetches when there is nothing fresh and no request on its way. */
  ensureFresh: () => void;
  /** Replaces the data; an answer already on its way is ignored (an optimistic update). */
  update: (fn: (data: T | undefined) => T | undefined) => void;
};

const state = <T>(
  status: ResourceState<T>["status"],
  data: T | undefined,
  error: unknown = null,
): ResourceState<T> => ({
  data,
  error,
  status,
  isPending: status === "pending",
  isSuccess: status === "success",
  isError: status === "error",
});

const PENDING = state<never>("pending", undefined);
const all = new Set<{ reset: () => void }>();

const untilOnline = () =>
  new Promise<void>((resolve) => {
    if (isOnline()) return resolve();
    const off = subscribeOnline(() => {
      if (!isOnline()) return;
      off();
      resolve();
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Client errors will not get better by asking again (as the query client's retry). */
async function withRetries<T>(fetcher: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures++) {
    await untilOnline();
    try {
      return await fetcher();
    } catch (err) {
      if (failures >= 2 || (err instanceof ApiError && err.status < 500)) throw err;
      await sleep(1000 * 2 ** failures);
    }
  }
}

export function resource<T>(fetcher: () => Promise<T>, opts: { staleMs: number }): Resource<T> {
  let current: ResourceState<T> = PENDING;
  let updatedAt = 0;
  /** The session was confirmed since the last answer (TanStack's invalidateQueries). */
  let invalidated = false;
  let inflight: Promise<T> | undefined;
  /** Bumped by update and reset: an answer to an older request is dropped. */
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: ResourceState<T>) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const fresh = () =>
    current.status === "success" && !invalidated && Date.now() - updatedAt < opts.staleMs;

  const request = (): Promise<T> => {
    if (inflight) return inflight;
    const asked = generation;
    const pending = withRetries(fetcher).then(
      (data) => {
        if (asked === generation) {
          updatedAt = Date.now();
          invalidated = false;
          set(state("success", data));
        }
        return data;
      },
      (err: unknown) => {
        if (asked === generation) set(state("error", current.data, err));
        throw err;
      },
    );
    inflight = pending;
    const done = () => {
      if (inflight === pending) inflight = undefined;
    };
    pending.then(done, done);
    return pending;
  };

  const self: Resource<T> = {
    read: () => current,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    fetch: () => (fresh() ? Promise.resolve(current.data as T) : request()),
    ensureFresh: () => {
      if (!fresh() && !inflight) request().catch(() => undefined);
    },
    update: (fn) => {
      const next = fn(current.data);
      if (next === undefined) return;
      generation++;
      inflight = undefined;
      updatedAt = Date.now();
      set(state("success", next));
    },
  };
  const askAgainIfShown = () => {
    if (listeners.size > 0) self.ensureFresh();
  };
  subscribeOnline(() => {
    if (isOnline()) askAgainIfShown();
  });
  addSessionCache({
    // public reads: nothing of the signed-in user to drop
    clear: () => undefined,
    refresh: () => {
      invalidated = true;
      askAgainIfShown();
    },
  });
  all.add({
    reset: () => {
      generation++;
      inflight = undefined;
      updatedAt = 0;
      invalidated = false;
      current = PENDING;
    },
  });
  return self;
}

/** Forgets every resource's data (tests: each starts as a fresh page). */
export function resetResources(): void {
  for (const r of all) r.reset();
}

// the prerendered HTML was drawn before any answer
const onServer = () => PENDING;

/** The resource's state; asks for it on mount unless fresh. */
export function useResource<T>(r: Resource<T>): ResourceState<T> {
  const current = useSyncExternalStore(r.subscribe, r.read, onServer as () => ResourceState<T>);
  useEffect(() => r.ensureFresh(), [r]);
  return current;
}
