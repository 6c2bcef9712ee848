// Kept apart from local-store.ts (which validates with zod) so the app shell can look at
// the queue without loading the calendar's code.

/** The spec keeps the events and the sync queue in local storage, under one key each. */
export const eventsKey = (userId: string) => `sage.calendar.events.${userId}`;
export const queueKey = (userId: string) => `sage.calendar.queue.${userId}`;

/** Are changes waiting for the server? (local-store.ts removes the key when the queue empties.) */
export function hasQueuedChanges(userId: string): boolean {
  try {
    return localStorage.getItem(queueKey(userId)) !== null;
  } catch {
    return false; // storage unavailable: nothing can have been queued
  }
}
