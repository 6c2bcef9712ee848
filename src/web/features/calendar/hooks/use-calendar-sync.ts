import { useEffect, useMemo, useSyncExternalStore } from "react";
import { httpEventsTransport } from "../api/events-api.ts";
import { CalendarSync, type Locks } from "../lib/calendar-sync.ts";

const REFRESH_MS = 60_000;

function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // not a secure context (plain http on a LAN address): build a v4 UUID by hand
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function webLocks(): Locks | undefined {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? { request: (name, task) => locks.request(name, () => task()) } : undefined;
}

/**
 * The user's offline-first calendar: one sync engine over local storage, kept in step with
 * the network state, with other tabs (storage events) and with the server (on open, when
 * back online, and every minute while the page is visible).
 */
export function useCalendarSync(userId: string) {
  const engine = useMemo(
    () =>
      new CalendarSync({
        userId,
        storage: window.localStorage,
        transport: httpEventsTransport,
        locks: webLocks(),
        isOnline: () => navigator.onLine,
        newId,
      }),
    [userId],
  );
  const state = useSyncExternalStore(engine.subscribe, engine.getState);

  useEffect(() => {
    const online = () => engine.setOnline(true);
    const offline = () => engine.setOnline(false);
    const storage = (e: StorageEvent) => {
      if (e.key === null || engine.storageKeys.includes(e.key)) engine.reload();
    };
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    window.addEventListener("storage", storage);
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void engine.sync();
    }, REFRESH_MS);
    void engine.sync();
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener("storage", storage);
      clearInterval(timer);
      engine.dispose();
    };
  }, [engine]);

  return { state, engine };
}
