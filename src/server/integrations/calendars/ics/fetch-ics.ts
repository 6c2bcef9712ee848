import { CalendarDataError } from "../../../../core/calendar/external/types.ts";
import { FetchFailure, type FetchPolicy, safeFetch } from "../safe-fetch.ts";
import type { ReadCalendar } from "../worker/calendar-jobs.ts";
import { readCalendar } from "../worker/calendar-pool.ts";

export type IcsValidators = { etag: string | null; lastModified: string | null };

export type IcsResult =
  | { kind: "not-modified" }
  | { kind: "calendar"; calendar: ReadCalendar; validators: IcsValidators };

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/**
 * GETs an iCalendar address with a conditional request (If-None-Match / If-Modified-Since),
 * so an unchanged calendar costs one 304; a changed one is read (parsed, and checked to
 * expand within the limits around `now`) in the calendar worker. Throws FetchFailure
 * (unreachable, HTTP error) or CalendarDataError (the answer is not a calendar, or too much
 * of one, or too slow to read).
 */
export async function fetchIcs(
  url: URL,
  validators: IcsValidators,
  policy: FetchPolicy,
  now: Date,
): Promise<IcsResult> {
  const headers: Record<string, string> = { accept: "text/calendar, text/plain;q=0.5, */*;q=0.1" };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const res = await safeFetch(url, { headers }, policy);
  if (res.status === 304) return { kind: "not-modified" };
  if (res.status === 401 || res.status === 403) {
    throw new FetchFailure(
      `the address refused access (${res.status}) — check that it is the full secret address`,
    );
  }
  if (res.status < 200 || res.status > 299)
    throw new FetchFailure(`the address answered ${res.status}`);
  // only the start is decoded here; the whole body is decoded and parsed in the worker
  const head = res.body
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(head)) {
    throw new CalendarDataError("This address did not answer with a calendar", "not-a-calendar");
  }
  return {
    kind: "calendar",
    // a 10 MB calendar is seconds of CPU: parsed and checked in the calendar worker, its
    // series answered as JSON text (cheap to copy back, stored as is)
    calendar: await readCalendar({ kind: "read", text: res.body, now: now.getTime() }),
    validators: {
      etag: header(res.headers.etag),
      lastModified: header(res.headers["last-modified"]),
    },
  };
}
