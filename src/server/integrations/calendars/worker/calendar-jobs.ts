import {
  expandSeries,
  seriesBounds,
  seriesTitle,
} from "../../../../core/calendar/external/expand-series.ts";
import {
  type ParsedCalendar,
  parseCalendar,
} from "../../../../core/calendar/external/parse-calendar.ts";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalSeries,
  type SeriesBounds,
  type Unreadable,
} from "../../../../core/calendar/external/types.ts";

const DAY = 86_400_000;

/**
 * The CPU-heavy reading of a connected calendar, as jobs that run in the calendar worker
 * (calendar-pool.ts) — or inline, for inputs too small to be worth a thread hop. Pure: the
 * same job gives the same answer on either side.
 */
export type CalendarJob =
  /**
   * One iCalendar text (an ICS address) → its series. Bytes are decoded (UTF-8, a BOM
   * dropped) where the job runs: a big body crosses to the worker as bytes (transferred),
   * not as a string to copy.
   */
  | { kind: "parse"; text: string | Uint8Array }
  /**
   * One iCalendar text → its series parsed and checked (checkSeries), each answered as
   * JSON text to store: strings cross threads as one copy, where the parsed objects cost
   * the server's thread a structured clone of every jCal array (~0.55 s for 6 MB).
   */
  | { kind: "read"; text: string | Uint8Array; now: number }
  /** Many small iCalendar texts (CalDAV objects, Google events) → the first series of each. */
  | { kind: "parse-each"; texts: string[] }
  /** Proves the series expand within the budgets; answers each one's stored bounds. */
  | { kind: "check"; series: ExternalSeries[]; now: number };

/** One text of a parse-each job: its first series (null when it holds none), or why not. */
export type ParsedItem =
  | { series: ExternalSeries | null; unreadable?: Unreadable }
  | { error: { message: string; reason: CalendarDataError["reason"] } };

/** A series of a read calendar, ready to store: its jCal as JSON text, and its bounds. */
export type ReadSeries = { uid: string; json: string } & SeriesBounds;

/** An iCalendar text read in the worker: what may be stored, and what was left out. */
export type ReadCalendar = {
  name: string | null;
  /** The series that can be followed. */
  series: ReadSeries[];
  /** Events the parse could not read. */
  unreadable: Unreadable;
  /** Titles of series the check left out (over their own limits)... */
  left: string[];
  /** ...and why the first one was (null when none was). */
  why: string | null;
};

export type CalendarJobResult<J extends CalendarJob> = J extends { kind: "parse" }
  ? ParsedCalendar
  : J extends { kind: "read" }
    ? ReadCalendar
    : J extends { kind: "parse-each" }
      ? ParsedItem[]
      : CheckedSeries[];

/** One series of a check: its bounds, or why it cannot be followed (it is left out). */
export type CheckedSeries = SeriesBounds | { unfollowable: string };

/**
 * Proves every series can be expanded within the limits over the window planning and the
 * calendar use most (a week back, three months ahead), with one step budget for the whole
 * calendar, and answers each series' bounds for the database prefilter (walking a COUNT
 * rule is part of the same CPU work). A series over its own limits answers why: it is left
 * out and counted, the rest of the calendar kept — one bad event never blinds Sage.
 * Only a calendar that spends the whole calendar's budget (hostile, or absurdly large)
 * fails here with CalendarDataError, once, before anything is stored.
 */
export function checkSeries(series: ExternalSeries[], now: number): CheckedSeries[] {
  const ctx = {
    from: new Date(now - 7 * DAY),
    to: new Date(now + 92 * DAY),
    personZone: "UTC",
    addresses: [],
    budget: { steps: EXTERNAL_LIMITS.maxStepsPerCalendar },
  };
  return series.map((s) => {
    try {
      expandSeries(s, ctx);
      return seriesBounds(s);
    } catch (error) {
      if (!(error instanceof CalendarDataError) || ctx.budget.steps < 0) throw error;
      return { unfollowable: error.message };
    }
  });
}

function readIcs(text: string, now: number): ReadCalendar {
  const parsed = parseCalendar(text);
  const checked = checkSeries(parsed.series, now);
  const out: ReadCalendar = {
    name: parsed.name,
    series: [],
    unreadable: parsed.unreadable,
    left: [],
    why: null,
  };
  for (const [i, series] of parsed.series.entries()) {
    const result = checked[i]!;
    if ("unfollowable" in result) {
      out.why ??= result.unfollowable;
      out.left.push(seriesTitle(series));
    } else out.series.push({ uid: series.uid, json: JSON.stringify(series), ...result });
  }
  return out;
}

function parseEach(texts: string[]): ParsedItem[] {
  return texts.map((text) => {
    try {
      const parsed = parseCalendar(text, { refuseWhenNone: false });
      return {
        series: parsed.series[0] ?? null,
        ...(parsed.unreadable.count > 0 ? { unreadable: parsed.unreadable } : {}),
      };
    } catch (error) {
      if (error instanceof CalendarDataError)
        return { error: { message: error.message, reason: error.reason } };
      throw error;
    }
  });
}

const decode = (text: string | Uint8Array): string =>
  typeof text === "string"
    ? text
    : Buffer.from(text.buffer, text.byteOffset, text.byteLength)
        .toString("utf8")
        .replace(/^\uFEFF/, "");

export function runCalendarJob<J extends CalendarJob>(job: J): CalendarJobResult<J> {
  switch (job.kind) {
    case "parse":
      return parseCalendar(decode(job.text)) as CalendarJobResult<J>;
    case "read":
      return readIcs(decode(job.text), job.now) as CalendarJobResult<J>;
    case "parse-each":
      return parseEach(job.texts) as CalendarJobResult<J>;
    case "check":
      return checkSeries(job.series, job.now) as CalendarJobResult<J>;
  }
  throw new Error("unknown calendar job");
}
