import { readFileSync } from "node:fs";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { AssistantRequest, EventMatch } from "./calendar-tools.ts";
import { parseCalendarRequest } from "./parse-calendar-request.ts";

/**
 * The built-in assistant against a corpus of the ways people ask (tests/fixtures). Each case
 * states the expected action and only the arguments that matter; the test reports accuracy
 * per intent. The gate is exact (issue 28): every miss is pinned by its text in
 * tests/fixtures/assistant-known-misses.json, so any new miss fails, and a pinned case that
 * passes now fails too until it is unpinned. The corpus is written from how people talk, not
 * from the parser. A second set (assistant-requests-first-sight.json) was written after the
 * rebuild and measured before any change for it; it is gated the same way.
 */
type Expect = Record<string, unknown> & { action: string };
type Corpus = {
  now: string;
  timezone: string;
  cases: { text: string; expect: Expect; set?: string }[];
};
const fixture = <T>(name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), "utf8"),
  ) as T;
const corpus = fixture<Corpus>("assistant-requests.json");
const firstSight = fixture<Corpus>("assistant-requests-first-sight.json");
const pinned = fixture<{ misses: Record<string, string[]> }>("assistant-known-misses.json").misses;

const zone = corpus.timezone;
const ctx = { now: DateTime.fromISO(corpus.now, { zone }).toJSDate(), timezone: zone };
const local = (iso: string) => DateTime.fromISO(iso).setZone(zone);
const day = (iso: string) => local(iso).toFormat("yyyy-MM-dd");
const minute = (iso: string) => local(iso).toFormat("yyyy-MM-dd HH:mm");
const hhmm = (iso: string) => local(iso).toFormat("HH:mm");

const GENERIC = new Set([
  "the",
  "a",
  "an",
  "my",
  "our",
  "appointment",
  "event",
  "meeting",
  "session",
]);
/** Words that name an event, for matching ("the dentist appointment" ~ "dentist"). */
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/['"“”‘’]/g, "")
    .split(/[^\p{L}\p{N}:/-]+/u)
    .map((w) => w.replace(/s$/, ""))
    .filter((w) => w && !GENERIC.has(w))
    .sort()
    .join(" ");
const titleOf = (s: string) => s.toLowerCase().replace(/^(?:the|a|an|my)\s+/, "");

function checkMatch(m: EventMatch, e: Expect, errors: string[]) {
  if (e.title !== undefined && words(m.title ?? "") !== words(String(e.title)))
    errors.push(`title ${m.title} ≠ ${e.title}`);
  if (
    e.on !== undefined &&
    (!m.on || day(m.on.from) !== e.on) &&
    (!m.start || day(m.start) !== e.on)
  )
    errors.push(`on ${JSON.stringify(m)} ≠ ${e.on}`);
  if (e.at !== undefined && (!m.start || hhmm(m.start) !== e.at))
    errors.push(`at ${m.start} ≠ ${e.at}`);
}

function check(said: AssistantRequest | undefined, e: Expect): string[] {
  const errors: string[] = [];
  // a proposal of one step is that step, shown before it is written: scored as the step
  // (a case may require the proposal with "propose": true)
  const proposed = said?.tool === "propose" && said.steps.length === 1;
  if (e.propose === true && !proposed) return ["not proposed"];
  if (e.propose === false && proposed) return ["proposed"];
  const call = proposed ? said.steps[0] : said;
  const action = call?.tool ?? "none";
  if (action !== e.action) return [`action ${action} ≠ ${e.action}`];
  if (!call) return errors;
  switch (call.tool) {
    case "negation":
      if (e.start !== undefined && (!call.start || minute(call.start) !== e.start))
        errors.push(`start ${call.start && minute(call.start)}`);
      break;
    case "propose": {
      const want = (e.steps ?? []) as Expect[];
      if (want.length !== call.steps.length)
        errors.push(`steps ${call.steps.map((x) => x.tool).join(",")}`);
      want.forEach((w, i) => {
        for (const err of check(call.steps[i], w)) errors.push(`step ${i + 1}: ${err}`);
      });
      break;
    }
    case "create_event": {
      if (e.title !== undefined && titleOf(call.title) !== titleOf(String(e.title)))
        errors.push(`title “${call.title}” ≠ “${e.title}”`);
      if (e.start !== undefined && minute(call.start) !== e.start)
        errors.push(`start ${minute(call.start)} ≠ ${e.start}`);
      if (e.end !== undefined && hhmm(call.end) !== e.end)
        errors.push(`end ${hhmm(call.end)} ≠ ${e.end}`);
      if (e.description !== undefined && call.description !== e.description)
        errors.push(`description ${call.description}`);
      const r = e.repeat as Record<string, unknown> | undefined;
      if (r) {
        const got = call.recurrence;
        if (!got) errors.push("no recurrence");
        else {
          if (r.freq !== got.frequency) errors.push(`freq ${got.frequency}`);
          if (r.interval !== undefined && r.interval !== got.interval)
            errors.push(`interval ${got.interval}`);
          if (r.byDay !== undefined && JSON.stringify(r.byDay) !== JSON.stringify(got.byDay))
            errors.push(`byDay ${got.byDay}`);
          if (r.until !== undefined && (!got.until || day(got.until) !== r.until))
            errors.push(`until ${got.until}`);
          if (r.count !== undefined && r.count !== got.count) errors.push(`count ${got.count}`);
        }
      } else if (call.recurrence) errors.push("unexpected recurrence");
      break;
    }
    case "list_events":
    case "find_free_time":
      if (e.from !== undefined && day(call.from) !== e.from) errors.push(`from ${day(call.from)}`);
      if (e.to !== undefined && day(call.to) !== e.to) errors.push(`to ${day(call.to)}`);
      if (call.tool === "find_free_time" && e.minutes !== undefined && e.minutes !== call.minutes)
        errors.push(`minutes ${call.minutes}`);
      break;
    case "update_event": {
      checkMatch(call.match, e, errors);
      const to = e.to as string | undefined;
      if (to?.length === 5 && (!call.start || !call.sameDay || hhmm(call.start) !== to))
        errors.push(`to ${call.start && hhmm(call.start)} sameDay=${call.sameDay}`);
      if (to?.length === 10 && (!call.start || !call.keepTime || day(call.start) !== to))
        errors.push(`to ${call.start && day(call.start)} keepTime=${call.keepTime}`);
      if (to?.length === 16 && (!call.start || call.keepTime || minute(call.start) !== to))
        errors.push(`to ${call.start && minute(call.start)}`);
      if (e.shift !== undefined && call.shiftMinutes !== e.shift)
        errors.push(`shift ${call.shiftMinutes}`);
      if (e.scope !== undefined && (call.scope ?? null) !== e.scope)
        errors.push(`scope ${call.scope}`);
      break;
    }
    case "delete_event":
      checkMatch(call.match, e, errors);
      if (e.every !== undefined && (call.everyMatch ?? false) !== e.every)
        errors.push(`everyMatch ${call.everyMatch}`);
      if (e.scope !== undefined && (call.scope ?? null) !== e.scope)
        errors.push(`scope ${call.scope}`);
      break;
    case "add_tasks":
    case "add_tasks_and_plan": {
      const want = (e.tasks ?? []) as { title: string; minutes: number; due?: string }[];
      if (want.length !== call.tasks.length) errors.push(`tasks ${JSON.stringify(call.tasks)}`);
      want.forEach((w, i) => {
        const t = call.tasks[i];
        if (!t) return;
        if (titleOf(t.title) !== titleOf(w.title)) errors.push(`task title “${t.title}”`);
        if (t.estimateMinutes !== w.minutes) errors.push(`task minutes ${t.estimateMinutes}`);
        if ((t.deadline ? day(t.deadline) : undefined) !== w.due)
          errors.push(`task due ${t.deadline}`);
      });
      if (call.tool === "add_tasks_and_plan" && e.days !== undefined && call.days !== e.days)
        errors.push(`days ${call.days}`);
      break;
    }
    case "plan":
      if (e.days !== undefined && call.days !== e.days) errors.push(`days ${call.days}`);
      break;
    case "complete_task":
      if (words(call.title) !== words(String(e.title))) errors.push(`title ${call.title}`);
      break;
    case "check_in":
      if (words(call.title) !== words(String(e.title))) errors.push(`title ${call.title}`);
      if (call.outcome !== e.outcome) errors.push(`outcome ${call.outcome}`);
      if ((call.minutes ?? null) !== (e.minutes ?? null)) errors.push(`minutes ${call.minutes}`);
      break;
    case "small_talk":
      if (call.kind !== e.kind) errors.push(`kind ${call.kind}`);
      break;
    case "create_routine": {
      const r = call.routine;
      if (words(r.title) !== words(String(e.title))) errors.push(`title ${r.title}`);
      if (e.timesPerWeek !== undefined && r.timesPerWeek !== e.timesPerWeek)
        errors.push(`timesPerWeek ${r.timesPerWeek}`);
      if (e.minutes !== undefined && r.minutes !== e.minutes) errors.push(`minutes ${r.minutes}`);
      if (e.from !== undefined && r.window.from !== e.from) errors.push(`from ${r.window.from}`);
      break;
    }
    case "skip_routine_session":
      if (words(call.title) !== words(String(e.title))) errors.push(`title ${call.title}`);
      if (call.date !== e.date) errors.push(`date ${call.date}`);
      break;
    case "update_routine":
      if (words(call.title) !== words(String(e.title))) errors.push(`title ${call.title}`);
      if (e.from !== undefined && call.window?.from !== e.from)
        errors.push(`from ${call.window?.from}`);
      break;
  }
  return errors;
}

/** Each case's misses, by intent, and the report line of a set. */
function score(set: Corpus) {
  const setCtx = {
    now: DateTime.fromISO(set.now, { zone: set.timezone }).toJSDate(),
    timezone: set.timezone,
  };
  const misses = new Map<string, string>();
  const byIntent = new Map<string, { n: number; ok: number }>();
  for (const c of set.cases) {
    const errors = check(parseCalendarRequest(c.text, setCtx), c.expect);
    const intent = byIntent.get(c.expect.action) ?? { n: 0, ok: 0 };
    intent.n++;
    if (errors.length === 0) intent.ok++;
    else misses.set(c.text, `${c.text}  →  ${errors.join("; ")}`);
    byIntent.set(c.expect.action, intent);
  }
  const table = [...byIntent.entries()]
    .sort((a, b) => b[1].n - a[1].n)
    .map(([k, v]) => `${k.padEnd(20)} ${String(v.ok).padStart(3)}/${v.n}`)
    .join("\n  ");
  return { misses, table, understood: set.cases.length - misses.size };
}

/** The gate: exactly the pinned misses, no more (a new miss) and no fewer (unpin a fix). */
function gate(name: string, set: Corpus) {
  const { misses, table, understood } = score(set);
  const pct = ((understood / set.cases.length) * 100).toFixed(1);
  console.info(
    `${name}: ${understood}/${set.cases.length} = ${pct} %\n  ${table}${misses.size ? `\nmisses:\n  ${[...misses.values()].join("\n  ")}` : ""}`,
  );
  const pins = pinned[name] ?? [];
  expect(
    [...misses.keys()].filter((t) => !pins.includes(t)),
    "new misses",
  ).toEqual([]);
  expect(
    pins.filter((t) => !misses.has(t)),
    "pinned cases that pass now: unpin them",
  ).toEqual([]);
}

describe("the built-in assistant's understanding", () => {
  it(`misses none of the ${corpus.cases.length} phrasings in the corpus but the pinned ones`, () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(500);
    gate("corpus", corpus);
  });

  it(`misses none of the ${firstSight.cases.length} first-sight phrasings but the pinned ones`, () => {
    expect(firstSight.cases.length).toBeGreaterThanOrEqual(60);
    gate("first-sight", firstSight);
  });

  it("parses a message in under 2 ms at the 95th percentile", () => {
    const times: number[] = [];
    for (const c of corpus.cases) {
      const t0 = performance.now();
      parseCalendarRequest(c.text, ctx);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)]!;
    console.info(
      `parse time: median ${times[times.length >> 1]!.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
    );
    // generous on a shared CI machine; docs/PERFORMANCE.md has the measured numbers
    expect(p95).toBeLessThan(10);
  });
});
