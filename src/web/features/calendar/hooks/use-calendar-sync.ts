import { useEffect, useMemo, useSyncExternalStore } from "react";
import { createBrowserCalendarSync } from "../lib/browser-calendar-sync.ts";

const REFRESH_MS = 60_000;

/**
 * The user's offline-first calendar: one sync engine over local storage, kept in step with
 * the network state, with other tabs (storage events) and with the server (on open, when
 * back online, and every minute while the page is visible).
 */
export function useCalendarSync(userId: string) {
  const engine = useMemo(() => createBrowserCalendarSync(userId), [userId]);
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
    // the assistant changed the calendar from the chat (event name shared by convention)
    const changed = () => void engine.sync();
    window.addEventListener("sage:calendar-changed", changed);
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void engine.sync();
    }, REFRESH_MS);
    void engine.sync();
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener("storage", storage);
      window.removeEventListener("sage:calendar-changed", changed);
      clearInterval(timer);
      engine.dispose();
    };
  }, [engine]);

  return { state, engine };
}
