import "../../../lib/zod-jitless.ts";
import { z } from "zod";
import { type LocalEvent, localEvent } from "../../../../core/calendar/local-event.ts";
import { SCOPES } from "../../../../core/contract/calendar.ts";

import { eventsKey, queueKey } from "./storage-keys.ts";

export { eventsKey, queueKey };

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A change waiting for the server (spec §3 sync queue item: action, event, eventId). */
export const queueItem = z.object({
  /** Identifies this item, so a replay removes exactly what it sent. */
  qid: z.string(),
  action: z.enum(["create", "update", "delete"]),
  eventId: z.string(),
  event: localEvent.optional(),
  /** The server version the change was made on; a stale one gets a 409. */
  baseVersion: z.number().int().optional(),
  queuedAt: z.string(),
  attempts: z.number().int().default(0),
  /**
   * An edit of some occurrences of a repeating event (eventId is the series): the
   * occurrence's start, the scope, and the id of the row the edit creates.
   */
  occurrence: z.object({ start: z.string(), scope: z.enum(SCOPES), newId: z.string() }).optional(),
});
export type QueueItem = z.infer<typeof queueItem>;

/** Reads a list and keeps the entries that still validate (storage is an edge: trust nothing). */
function readList<T>(storage: KeyValueStorage, key: string, schema: z.ZodType<T>): T[] {
  const raw = storage.getItem(key);
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    return data.flatMap((entry) => {
      const parsed = schema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    console.warn(`calendar: unreadable local data under ${key}; starting empty`);
    return [];
  }
}

/**
 * The user's local copy. Every change is one synchronous read-modify-write of local
 * storage, so within a tab it is atomic, and it re-reads first so other tabs' writes are
 * not overwritten with a stale copy.
 */
export function createLocalStore(storage: KeyValueStorage, userId: string) {
  const ek = eventsKey(userId);
  const qk = queueKey(userId);
  const readEvents = () => readList(storage, ek, localEvent);
  const readQueue = () => readList(storage, qk, queueItem);
  return {
    eventsKey: ek,
    queueKey: qk,
    readEvents,
    readQueue,
    updateEvents(change: (events: LocalEvent[]) => LocalEvent[]): void {
      const next = change(readEvents()).sort(
        (a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id),
      );
      storage.setItem(ek, JSON.stringify(next));
    },
    updateQueue(change: (queue: QueueItem[]) => QueueItem[]): void {
      const next = change(readQueue());
      if (next.length) storage.setItem(qk, JSON.stringify(next));
      else storage.removeItem(qk);
    },
  };
}
export type LocalStore = ReturnType<typeof createLocalStore>;
