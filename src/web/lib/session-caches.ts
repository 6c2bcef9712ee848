/**
 * What the auth provider tells every cache of server state: the session was confirmed after
 * a spell without one (what failed meanwhile is asked again), or it ended (the user's data
 * goes). The query client registers itself when its code loads (src/web/lib/query-client.ts),
 * so the auth provider — on every page — does not carry TanStack Query (decision 033).
 */
type SessionCache = { refresh: () => void; clear: () => void };

const caches = new Set<SessionCache>();

export function addSessionCache(cache: SessionCache): () => void {
  caches.add(cache);
  return () => {
    caches.delete(cache);
  };
}

/** The session is known again: what failed while it was unknown is asked again. */
export function sessionConfirmed(): void {
  for (const cache of caches) cache.refresh();
}

/** Signed out: the signed-in user's cached server state is dropped. */
export function sessionEnded(): void {
  for (const cache of caches) cache.clear();
}
