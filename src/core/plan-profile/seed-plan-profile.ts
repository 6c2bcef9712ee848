import { hoursOn, type PlanProfile, type Span } from "../contract/plan-profile.ts";
import type { SchedulingProfile } from "../contract/productivity.ts";
import { formatMinutes } from "../productivity/hours.ts";
import { formatClock, formatClockRange, formatDayList } from "./describe-times.ts";
import { fitPeakIntoHours } from "./fit-peak.ts";
import { type NoteFacts, readNotes } from "./read-notes.ts";

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
}): SeededPlanProfile {
  const base = input.scheduling ? fromSchedulingProfile(input.scheduling) : DEFAULT_PLAN_PROFILE;
  const fromNotes: string[] = [];
  let profile = copyProfile(base);
  const { taken, facts } = readNotes(input.notes);
  if (taken.length > 0) {
    profile = applyNotes(
      profile,
      facts,
      fromNotes,
      taken.map((t) => t.quote),
    );
  }
  const resolved: string[] = [];
  profile = resolveContradictions(profile, resolved);
  return { profile, fromNotes, resolved };
}

const quoteAll = (quotes: string[]) => quotes.map((q) => `“${q}”`).join(", ");

function applyNotes(
  p: PlanProfile,
  facts: NoteFacts,
  said: string[],
  quotes: string[],
): PlanProfile {
  const next = copyProfile(p);
  const note = `From your note (${quoteAll(quotes)}):`;
  // days: exactly these, then days added and taken off, then a count of days
  let days = new Set(facts.days ?? next.workingDays);
  for (const d of facts.daysOn) days.add(d);
  for (const d of facts.daysOff) days.delete(d);
  if (facts.daysPerWeek !== undefined && days.size !== facts.daysPerWeek) {
    const order = [1, 2, 3, 4, 5, 6, 7].filter((d) => !facts.daysOff.includes(d));
    const kept = [...days].sort((a, b) => a - b).slice(0, facts.daysPerWeek);
    for (const d of order) if (kept.length < facts.daysPerWeek && !kept.includes(d)) kept.push(d);
    days = new Set(kept);
  }
  const sortedDays = [...days].sort((a, b) => a - b);
  if (sortedDays.length > 0 && sortedDays.join() !== next.workingDays.join()) {
    next.workingDays = sortedDays;
    said.push(`${note} you work ${formatDayList(sortedDays)}.`);
  }
  if (facts.daysOff.length > 0 && sortedDays.length > 0) {
    said.push(
      `${formatDayList(facts.daysOff)} ${facts.daysOff.length > 1 ? "are days" : "is a day"} off: Sage plans nothing then.`,
    );
  }
  const start = facts.start ?? next.workingHours.start;
  const end = facts.end ?? next.workingHours.end;
  if ((facts.start !== undefined || facts.end !== undefined) && end > start) {
    if (start !== next.workingHours.start || end !== next.workingHours.end) {
      next.workingHours = { start, end };
      said.push(
        `${said.length ? "" : `${note} `}Your working hours are ${formatClockRange(start, end)}.`,
      );
    }
  }
  if (facts.noMeetingsBefore !== undefined) {
    next.noMeetingsBefore = facts.noMeetingsBefore;
    said.push(
      `No meetings before ${formatClock(facts.noMeetingsBefore)}: free times Sage offers for meetings start then or later.`,
    );
  }
  if (facts.noMeetingsAfter !== undefined) {
    next.noMeetingsAfter = facts.noMeetingsAfter;
    said.push(
      `No meetings after ${formatClock(facts.noMeetingsAfter)}: free times Sage offers for meetings end by then.`,
    );
  }
  if (facts.chronotype) {
    const moved = moveForChronotype(next, facts.chronotype);
    if (moved) {
      next.energyWindows = moved.windows;
      said.push(
        `You're ${facts.chronotype === "late" ? "at your best later in the day" : "at your best early"}, so your peak is ${formatClockRange(moved.peak.start, moved.peak.end)}.`,
      );
    }
  }
  if (said.length > 0 && !said[0]!.startsWith("From your note")) said[0] = `${note} ${said[0]}`;
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
    said.push(
      `Your peak, ${formatClockRange(moved.from.start, moved.from.end)}, falls outside your working hours (${formatClockRange(reach.start, reach.end)}), so Sage plans your hardest work for ${formatClockRange(moved.to.start, moved.to.end)}. If you do work then, change your hours below.`,
    );
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
  const low = p.energyWindows.filter((w) => w.level === "low");
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
