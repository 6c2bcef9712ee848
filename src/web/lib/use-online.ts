import { useSyncExternalStore } from "react";

// The browser's online state, kept here rather than in TanStack Query's onlineManager so the
// always-loaded shell (the offline banner) does not carry the query library (decision 033).
// src/web/lib/query-client.ts makes the onlineManager follow this, so the screen and the
// queries never disagree. Starts from navigator.onLine: a page opened offline is offline.
let online = typeof navigator === "undefined" ? true : navigator.onLine;
const listeners = new Set<() => void>();

/** Sets the online state (the window's online/offline events; tests). */
export function setOnline(value: boolean): void {
  if (value === online) return;
  online = value;
  for (const listener of listeners) listener();
}

export const isOnline = (): boolean => online;

export function subscribeOnline(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => setOnline(true));
  window.addEventListener("offline", () => setOnline(false));
}

// the prerendered HTML is the online page; a client that starts offline re-renders at once
const onServer = () => true;

/** Whether the browser is online, as the queries see it too. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, onServer);
}
