import { hoursOn, type PlanProfile, type Span } from "../contract/plan-profile.ts";
import type { SchedulingProfile } from "../contract/productivity.ts";
import { formatMinutes } from "../productivity/hours.ts";
import { formatClock, formatClockRange, formatDayList } from "./describe-times.ts";
import { fitPeakIntoHours } from "./fit-peak.ts";
import { type NoteFacts, type NoteTaken, readNotes, workingDaysFromNotes } from "./read-notes.ts";

/** Before the questionnaire: a plain 9-to-5 with a morning peak (the scheduler's default). */
export const DEFAULT_PLAN_PROFILE: PlanProfile = {
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: 9 * 60, end: 17 * 60 },
  dayHours: {},
  energyWindows: [
    { start: 9 * 60, end: 12 * 60, level: "peak" },
    { start: 13 * 60, end: 15 * 60, level: "low" },
  ],
  focusBlockMinutes: 50,
  bufferMinutes: 10,
  breakMinutes: 10,
  dailyLoadCapMinutes: 300,
  noMeetingsBefore: null,
  noMeetingsAfter: null,
};

/** The questionnaire's profile (hours) as the editable one (minutes). */
export function fromSchedulingProfile(s: SchedulingProfile): PlanProfile {
  return {
    workingDays: [...s.workingDays].sort((a, b) => a - b),
    workingHours: { start: s.workingHours.start * 60, end: s.workingHours.end * 60 },
    dayHours: {},
    energyWindows: s.energyWindows.map((w) => ({
      start: w.start * 60,
      end: w.end * 60,
      level: w.level,
    })),
    focusBlockMinutes: s.focusBlockMinutes,
    bufferMinutes: s.bufferMinutes,
    breakMinutes: s.breakMinutes,
    dailyLoadCapMinutes: s.dailyLoadCapMinutes,
    noMeetingsBefore: null,
    noMeetingsAfter: null,
  };
}

/** A deep copy (core has no structuredClone: it runs without DOM or Node globals). */
function copyProfile(p: PlanProfile): PlanProfile {
  const dayHours: PlanProfile["dayHours"] = {};
  for (const [k, v] of Object.entries(p.dayHours))
    if (v) dayHours[k as keyof typeof dayHours] = { ...v };
  return {
    ...p,
    workingDays: [...p.workingDays],
    workingHours: { ...p.workingHours },
    dayHours,
    energyWindows: p.energyWindows.map((w) => ({ ...w })),
  };
}

export type SeededPlanProfile = { profile: PlanProfile; fromNotes: string[]; resolved: string[] };

const PEAK_FROM_CHRONOTYPE = 180;

/**
 * The profile before the person edits it: the questionnaire's, then what their note says
 * (a note is more specific than a multiple-choice answer, so it wins), then contradictions
 * resolved. Every change from the note is said in `fromNotes`, every resolution in
 * `resolved`. Pure and total: any answers and any note give a valid profile.
 */
export function seedPlanProfile(input: {
  scheduling: SchedulingProfile | undefined;
  notes: string;
  /** The peak the person chose in the questionnaire (hours), before it was fitted. */
  statedPeak?: Span | undefined;
}): SeededPlanProfile {
  const base = input.scheduling ? fromSchedulingProfile(input.scheduling) : DEFAULT_PLAN_PROFILE;
  const fromNotes: string[] = [];
  let profile = copyProfile(base);
  const { taken, facts } = readNotes(input.notes);
  if (taken.length > 0) profile = applyNotes(profile, facts, fromNotes, taken);
  const resolved: string[] = [];
  // the questionnaire already moved a peak its hours could not reach: say so here too
  const peak = base.energyWindows.find((w) => w.level === "peak");
  const stated = input.statedPeak && {
    start: input.statedPeak.start * 60,
    end: input.statedPeak.end * 60,
  };
  if (peak && stated && (peak.start !== stated.start || peak.end !== stated.end)) {
    resolved.push(peakMoveSentence(stated, peak, base.workingHours));
  }
  profile = resolveContradictions(profile, resolved);
  return { profile, fromNotes, resolved };
}

/** Says where a peak outside the working hours went, and how to undo it. */
function peakMoveSentence(from: Span, to: Span, reach: Span): string {
  const where =
    from.end <= reach.start || from.start >= reach.end
      ? "falls outside"
      : from.start < reach.start
        ? "starts before"
        : "runs past the end of";
  return `Your peak, ${formatClockRange(from.start, from.end)}, ${where} your working hours (${formatClockRange(reach.start, reach.end)}), so Sage plans your hardest work for ${formatClockRange(to.start, to.end)}. If you do work then, change your hours below.`;
}

/** “a” and “b” — the person's own words, as they wrote them. */
const quoteAll = (quotes: string[]) => {
  const q = quotes.map((x) => `“${x}”`);
  return q.length <= 1 ? (q[0] ?? "") : `${q.slice(0, -1).join(", ")} and ${q.at(-1)}`;
};

type Kind = "days" | "hours" | "before" | "after" | "chronotype";
const kindsOf = (fact: Partial<NoteFacts>): Kind[] => {
  const kinds: Kind[] = [];
  if (fact.days || fact.daysOn?.length || fact.daysOff?.length || fact.daysPerWeek !== undefined)
    kinds.push("days");
  if (fact.start !== undefined || fact.end !== undefined) kinds.push("hours");
  if (fact.noMeetingsBefore !== undefined) kinds.push("before");
  if (fact.noMeetingsAfter !== undefined) kinds.push("after");
  if (fact.chronotype) kinds.push("chronotype");
  return kinds;
};

/**
 * The note's facts applied in a fixed order (days, hours, meetings, energy), each said in one
 * sentence that quotes the words it came from — also when it only confirms the answers.
 */
function applyNotes(
  p: PlanProfile,
  facts: NoteFacts,
  said: string[],
  taken: NoteTaken[],
): PlanProfile {
  const next = copyProfile(p);
  const wrote = (kind: Kind) =>
    `You wrote ${quoteAll(taken.filter((t) => kindsOf(t.fact).includes(kind)).map((t) => t.quote))}`;

  if (taken.some((t) => kindsOf(t.fact).includes("days"))) {
    const sorted = workingDaysFromNotes(next.workingDays, facts);
    if (sorted.length === 0) {
      said.push(
        `${wrote("days")}, which leaves no working day, so Sage keeps ${formatDayList(next.workingDays)}.`,
      );
    } else {
      next.workingDays = sorted;
      const off = facts.daysOff.filter((d) => !sorted.includes(d));
      const offWords = off.length
        ? `; ${formatDayList(off)} ${off.length > 1 ? "are days" : "is a day"} off`
        : "";
      said.push(`${wrote("days")}: Sage plans your work ${formatDayList(sorted)}${offWords}.`);
    }
  }
  if (taken.some((t) => kindsOf(t.fact).includes("hours"))) {
    const start = facts.start ?? next.workingHours.start;
    const end = facts.end ?? next.workingHours.end;
    if (end > start) {
      next.workingHours = { start, end };
      said.push(`${wrote("hours")}: your working hours are ${formatClockRange(start, end)}.`);
    }
  }
  if (facts.noMeetingsBefore !== undefined) {
    next.noMeetingsBefore = facts.noMeetingsBefore;
    said.push(
      `${wrote("before")}: times Sage offers for meetings start at ${formatClock(facts.noMeetingsBefore)} or later.`,
    );
  }
  if (facts.noMeetingsAfter !== undefined) {
    next.noMeetingsAfter = facts.noMeetingsAfter;
    said.push(
      `${wrote("after")}: times Sage offers for meetings end by ${formatClock(facts.noMeetingsAfter)}.`,
    );
  }
  if (facts.chronotype) {
    const moved = moveForChronotype(next, facts.chronotype);
    const when = facts.chronotype === "late" ? "the end" : "the start";
    if (moved) {
      next.energyWindows = moved.windows;
      said.push(
        `${wrote("chronotype")}: your peak is ${formatClockRange(moved.peak.start, moved.peak.end)}, ${when} of your working day.`,
      );
    } else {
      said.push(`${wrote("chronotype")}: your peak already suits that.`);
    }
  }
  return next;
}

/** A night owl's peak goes to the end of the working day, an early bird's to its start. */
function moveForChronotype(p: PlanProfile, kind: "early" | "late") {
  const peak = p.energyWindows.find((w) => w.level === "peak");
  const { start, end } = p.workingHours;
  const noon = 12 * 60;
  if (peak && (kind === "late" ? peak.start >= noon : peak.end <= noon)) return null;
  const span: Span =
    kind === "late"
      ? { start: Math.max(start, end - PEAK_FROM_CHRONOTYPE), end }
      : { start, end: Math.min(end, start + PEAK_FROM_CHRONOTYPE) };
  const windows = [
    ...p.energyWindows
      .filter((w) => w.level !== "peak")
      .flatMap((w) => [
        ...(w.start < span.start ? [{ ...w, end: Math.min(w.end, span.start) }] : []),
        ...(w.end > span.end ? [{ ...w, start: Math.max(w.start, span.end) }] : []),
      ]),
    { ...span, level: "peak" as const },
  ].sort((a, b) => a.start - b.start);
  return { windows, peak: span };
}

/**
 * Makes the profile agree with itself, saying each change: a peak outside every working
 * day's hours moves inside them (the hours are kept: decision 031), and a daily cap longer
 * than the longest working day is lowered to it.
 */
export function resolveContradictions(p: PlanProfile, said: string[]): PlanProfile {
  const next = copyProfile(p);
  const spans = next.workingDays.map((d) => hoursOn(next, d)!).filter(Boolean);
  const reach: Span = {
    start: Math.min(...spans.map((s) => s.start)),
    end: Math.max(...spans.map((s) => s.end)),
  };
  const { windows, moved } = fitPeakIntoHours(next.energyWindows, reach);
  if (moved) {
    next.energyWindows = windows;
    said.push(peakMoveSentence(moved.from, moved.to, reach));
  }
  const longest = Math.max(...spans.map((s) => s.end - s.start));
  if (next.dailyLoadCapMinutes > longest) {
    said.push(
      `Your daily cap was longer than your working day, so it is now ${formatMinutes(longest)}.`,
    );
    next.dailyLoadCapMinutes = longest;
  }
  return next;
}

/** The profile in plain sentences, as the settings screen and the API explain it. */
export function explainPlanProfile(p: PlanProfile): string[] {
  const out: string[] = [];
  const groups = new Map<string, number[]>();
  for (const d of p.workingDays) {
    const h = hoursOn(p, d)!;
    const key = `${h.start}-${h.end}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const hours = [...groups.entries()].map(([key, days]) => {
    const [s, e] = key.split("-").map(Number) as [number, number];
    return `${formatDayList(days)}, ${formatClockRange(s, e)}`;
  });
  out.push(`Sage plans your work ${hours.join("; ")}.`);
  const off = [1, 2, 3, 4, 5, 6, 7].filter((d) => !p.workingDays.includes(d));
  if (off.length > 0) out.push(`${formatDayList(off)} ${off.length > 1 ? "stay" : "stays"} free.`);
  const peak = p.energyWindows.filter((w) => w.level === "peak");
  if (peak.length > 0) {
    out.push(
      `Your hardest work goes to your peak: ${peak.map((w) => formatClockRange(w.start, w.end)).join(" and ")}.`,
    );
  } else {
    out.push("No peak is set, so demanding work goes to your good hours.");
  }
  // only the low hours Sage can use: inside some working day's hours
  const spans = p.workingDays.map((d) => hoursOn(p, d)!);
  const reachStart = Math.min(...spans.map((x) => x.start));
  const reachEnd = Math.max(...spans.map((x) => x.end));
  const low = p.energyWindows
    .filter((w) => w.level === "low")
    .map((w) => ({ start: Math.max(w.start, reachStart), end: Math.min(w.end, reachEnd) }))
    .filter((w) => w.end > w.start);
  if (low.length > 0) {
    out.push(
      `Light tasks fill your low-energy time: ${low.map((w) => formatClockRange(w.start, w.end)).join(" and ")}.`,
    );
  }
  out.push(
    `Focus blocks last about ${p.focusBlockMinutes} minutes, with a ${p.breakMinutes}-minute break after each and a ${p.bufferMinutes}-minute buffer around every event.`,
  );
  out.push(
    `Sage plans at most ${formatMinutes(p.dailyLoadCapMinutes)} of work a day; the rest stays slack.`,
  );
  if (p.noMeetingsBefore !== null || p.noMeetingsAfter !== null) {
    const parts = [
      p.noMeetingsBefore !== null ? `before ${formatClock(p.noMeetingsBefore)}` : null,
      p.noMeetingsAfter !== null ? `after ${formatClock(p.noMeetingsAfter)}` : null,
    ].filter(Boolean);
    out.push(`No meetings ${parts.join(" or ")}.`);
  }
  return out;
}
