import type { ListedOccurrence, ServerEvent } from "../../core/contract/calendar.ts";
import { PerUserCache } from "../cache/per-user-cache.ts";

/** A whole ranged list; `next_cursor: null` so that, when it fits one page, it is the answer. */
export type RangedList = {
  events: ServerEvent[];
  occurrences?: ListedOccurrence[];
  next_cursor: null;
};

/** What a ranged list is a pure function of, besides the user's rows. */
export type RangedListStamp = { from: string; to: string; version: number; zone: string };

/**
 * Rough bytes a list holds in memory: its objects, and its JSON once served (the route
 * keeps it beside the list; about half of the objects' size).
 */
const approxBytes = (list: RangedList) =>
  list.events.length * 2_250 + (list.occurrences?.length ?? 0) * 750;

/**
 * This process's last ranged list per user (the week or month a calendar shows), keyed by
 * the range, the user's zone and their calendar version (calendar_versions, bumped by a
 * trigger in the transaction of every change to their events).
 */
export class RangedListCache extends PerUserCache<RangedListStamp, RangedList> {
  constructor(maxBytes: number) {
    super(maxBytes, approxBytes);
  }

  /** Is there a list for this user and range, whatever its version? */
  has(userId: string, range: { from: string; to: string }): boolean {
    const stamp = this.stampOf(userId);
    return stamp !== undefined && stamp.from === range.from && stamp.to === range.to;
  }
}
