import { ApiError } from "../../../lib/api.ts";
import { SYNC_ERRORS } from "./sync-messages.ts";

/** Tasks and planning need the server; this is said when the device is offline. */
export const TASKS_OFFLINE =
  "Tasks and planning need an internet connection. Your events still work offline and sync when you're back.";

/** The plain words shown after a planned block passes while its task is still open. */
export const MISSED_BLOCK_NOTE = "Not done yet? That's fine — I'll find it a new time next plan.";

/** A failed task or plan call in words: the server's own message, or why it never got there. */
export function taskErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (typeof navigator !== "undefined" && !navigator.onLine) return SYNC_ERRORS.offline;
  return "The server could not be reached. Please try again.";
}
