import { useEffect } from "react";
import type { CalendarSync } from "../lib/calendar-sync.ts";
import { hasQueuedChanges } from "../lib/storage-keys.ts";

/** How often the shell looks for changes still waiting, e.g. after a server failure (ms). */
export const REPLAY_CHECK_MS = 60_000;

/**
 * Sends the calendar's queued offline changes wherever the person is in the app: when the
 * app starts, when the connection comes back, and every minute while changes wait. Mounted
 * by the app shell for the signed-in user; it loads the calendar's code only when something
 * is queued.
 *
 * Exactly once: this is one more sync engine over the same queue as the calendar's
 * (and other tabs'), and every engine replays under one lock per user, reading each item
 * from storage and removing it by its own id once the server confirmed it.
 */
export function CalendarQueueReplay({ userId }: { userId: string }) {
  useEffect(() => {
    let live = true;
    let engine: Promise<CalendarSync> | undefined;
    const replay = () => {
      if (!navigator.onLine || !hasQueuedChanges(userId)) return;
      engine ??= import("../lib/browser-calendar-sync.ts").then((m) =>
        m.createBrowserCalendarSync(userId),
      );
      engine
        .then((e) => (live ? e.sync() : undefined))
        .catch((err) => console.error("calendar: replay could not start", err));
    };
    replay();
    window.addEventListener("online", replay);
    const timer = setInterval(replay, REPLAY_CHECK_MS);
    return () => {
      live = false;
      window.removeEventListener("online", replay);
      clearInterval(timer);
      void engine?.then((e) => e.dispose());
    };
  }, [userId]);
  return null;
}
