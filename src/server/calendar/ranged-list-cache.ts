import type { ListedOccurrence, ServerEvent } from "../../core/contract/calendar.ts";
import { PerUserCache } from "../cache/per-user-cache.ts";

/** One page of a ranged list, as answered (connected events are merged in fresh). */
export type RangedList = {
  events: ServerEvent[];
  occurrences?: ListedOccurrence[];
  next_cursor: string | null;
};

/** What a ranged list is a pure function of, besides the user's rows. */
export type RangedListStamp = {
  from: string;
  to: string;
  /** The page's cursor (below every id for the first page). */
  after: string;
  version: number;
  zone: string;
};

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

  /** Is there a list for this user, range and page, whatever its version? */
  has(userId: string, range: { from: string; to: string; after: string }): boolean {
    const stamp = this.stampOf(userId);
    return (
      stamp !== undefined &&
      stamp.from === range.from &&
      stamp.to === range.to &&
      stamp.after === range.after
    );
  }
}
