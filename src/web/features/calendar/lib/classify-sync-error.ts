import "../../../lib/zod-jitless.ts";
import { conflictDetails, type ServerEvent } from "../../../../core/contract/calendar.ts";
import { ApiError } from "../../../lib/api.ts";
import type { QueueItem } from "./local-store.ts";
import { SYNC_ERRORS } from "./sync-messages.ts";

/** What to do with a queue item the server did not accept. */
export type SyncFailure =
  /** Network, server (5xx), rate limit or sign-in trouble: keep the item and try later. */
  | { kind: "retry"; message: string }
  /** The server refused the change for good (4xx): drop it and tell the user why. */
  | { kind: "rejected"; message: string }
  /** A stale update: keep the server's version. */
  | { kind: "conflict"; current: ServerEvent }
  /** The event no longer exists on the server. */
  | { kind: "gone" }
  /** A delete of something already gone: that is success. */
  | { kind: "done" };

/**
 * Sorts a failed call. `action` is the queue item's, or "list" for the refresh (which has
 * nothing to drop, so every failure of it is a retry).
 */
export function classifySyncError(
  err: unknown,
  action: QueueItem["action"] | "list",
  online: boolean,
): SyncFailure {
  if (!(err instanceof ApiError)) {
    // fetch rejects with a TypeError when the network is down
    return { kind: "retry", message: online ? SYNC_ERRORS.failed : SYNC_ERRORS.offline };
  }
  if (err.status === 401) {
    const noSession = err.code === "no_session" || /expired/i.test(err.message);
    return {
      kind: "retry",
      message: noSession ? SYNC_ERRORS.noSession : SYNC_ERRORS.notAuthenticated,
    };
  }
  if (err.status >= 500 || err.status === 429 || err.status === 408 || action === "list") {
    return { kind: "retry", message: SYNC_ERRORS.failed };
  }
  if (err.status === 404) return action === "delete" ? { kind: "done" } : { kind: "gone" };
  if (err.status === 409 && action === "update") {
    const details = conflictDetails.safeParse(err.details);
    if (details.success) return { kind: "conflict", current: details.data.event };
  }
  return { kind: "rejected", message: err.message };
}
