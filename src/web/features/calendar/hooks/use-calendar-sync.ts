import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { queryKeys } from "../../../lib/server-state.ts";
import { createBrowserCalendarSync } from "../lib/browser-calendar-sync.ts";

const REFRESH_MS = 60_000;
let engines = 0;

/**
 * The user's offline-first calendar: one sync engine over local storage, kept in step with
 * the network state, with other tabs (storage events) and with the server (on open, when
 * back online, and every minute while the page is visible). Its sync with the server is a
 * query under queryKeys.calendar, so anything that changed the calendar (the assistant, an
 * undo) makes it sync by invalidating that key (calendarChanged in lib/server-state.ts).
 */
export function useCalendarSync(userId: string) {
  const { engine, engineId } = useMemo(
    () => ({ engine: createBrowserCalendarSync(userId), engineId: ++engines }),
    [userId],
  );
  const state = useSyncExternalStore(engine.subscribe, engine.getState);

  useQuery({
    queryKey: [...queryKeys.calendar(userId), engineId],
    queryFn: async () => {
      await engine.sync();
      return Date.now();
    },
    // the engine knows when it is offline (it queues); the query never pauses for it
    networkMode: "always",
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    const online = () => engine.setOnline(true);
    const offline = () => engine.setOnline(false);
    const storage = (e: StorageEvent) => {
      if (e.key === null || engine.storageKeys.includes(e.key)) engine.reload();
    };
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    window.addEventListener("storage", storage);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener("storage", storage);
      engine.dispose();
    };
  }, [engine]);

  return { state, engine };
}
