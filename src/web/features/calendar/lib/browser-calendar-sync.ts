import { httpEventsTransport } from "../api/events-api.ts";
import { CalendarSync, type Locks } from "./calendar-sync.ts";

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

/** A sync engine over this browser's local storage, network state, locks and the API. */
export function createBrowserCalendarSync(userId: string): CalendarSync {
  return new CalendarSync({
    userId,
    storage: window.localStorage,
    transport: httpEventsTransport,
    locks: webLocks(),
    isOnline: () => navigator.onLine,
    newId,
  });
}
