import { and, asc, eq, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import { ROUTINE_LIMITS } from "../../core/contract/routines.ts";
import {
  type PlaceRoutinesResult,
  placeRoutines,
  type SchedulerRoutine,
  type Session,
} from "../../core/scheduler/place-routines.ts";
import { routineWhy } from "../../core/scheduler/routine-why.ts";
import type { Interval, SchedulerProfile } from "../../core/scheduler/types.ts";
import type { Db } from "../db/client.ts";
import { type calendarEvents, planNotes, routines } from "../db/schema.ts";

/**
 * The routines' part of a plan (issue 29): their sessions are placed before tasks (high and
 * medium priority) or after them (low), written as blocks like a task's (source 'assistant',
 * routine_id set), kept where they still fit, and said plainly when a week cannot hold them.
 */

export const ROUTINE_SESSION_DESCRIPTION =
  "A session of one of your routines, placed by Sage. Move it if life happens — I'll find another time this week.";

type Row = typeof routines.$inferSelect;
type EventRow = typeof calendarEvents.$inferSelect;
export type StoredSession = Session & { eventId: string; why: string | null; placedAt: number };

/** The person's routines (bounded by the cap create-routine.ts keeps). */
export async function readRoutines(tx: Db, userId: string): Promise<Row[]> {
  return tx
    .select()
    .from(routines)
    .where(eq(routines.userId, userId))
    .orderBy(asc(routines.createdAt), asc(routines.id))
    .limit(ROUTINE_LIMITS.routinesPerUser);
}

/** A routine as the placement reads it. */
export const toSchedulerRoutine = (r: Row): SchedulerRoutine => ({
  id: r.id,
  title: r.title,
  minutes: r.minutes,
  timesPerWeek: r.timesPerWeek,
  days: r.days,
  window: { start: r.windowStart, end: r.windowEnd },
  energy: r.energy,
});

/**
 * Sorts one of a routine's session rows: a future session the planner placed can move
 * (`previous`); one begun, past, or taken over by the person stands (`held`) and is busy time.
 */
export function sortSession(
  row: EventRow,
  now: number,
  into: { previous: StoredSession[]; held: Session[] },
): void {
  const session = {
    routineId: row.routineId!,
    start: row.startTime.getTime(),
    end: (row.endTime ?? row.startTime).getTime(),
  };
  if (row.source === "assistant" && session.start > now)
    into.previous.push({
      ...session,
      eventId: row.id,
      why: row.why,
      placedAt: row.createdAt.getTime(),
    });
  else into.held.push(session);
}

/** Places the sessions of `which` routines (high before medium; oldest first within). */
export function placeSessions(input: {
  rows: Row[];
  which: (r: Row) => boolean;
  profile: SchedulerProfile;
  busy: Interval[];
  taken: Interval[];
  held: Session[];
  previous: StoredSession[];
  now: number;
  horizonDays: number;
}): PlaceRoutinesResult {
  const order = { high: 0, medium: 1, low: 2 } as const;
  const mine = input.rows.filter(input.which).sort((a, b) => order[a.priority] - order[b.priority]);
  const ids = new Set(mine.map((r) => r.id));
  const previous = input.previous.filter((s) => ids.has(s.routineId));
  // a routine edited after its sessions were placed is placed afresh
  const placedAt = new Map<string, number>();
  for (const s of previous)
    placedAt.set(s.routineId, Math.max(placedAt.get(s.routineId) ?? 0, s.placedAt));
  const changed = mine
    .filter((r) => r.updatedAt.getTime() > (placedAt.get(r.id) ?? Number.POSITIVE_INFINITY))
    .map((r) => r.id);
  return placeRoutines({
    profile: input.profile,
    routines: mine.map(toSchedulerRoutine),
    busy: input.busy,
    taken: input.taken,
    held: input.held,
    previous,
    changed,
    skipped: mine.flatMap((r) => r.skipped.map((date) => ({ routineId: r.id, date }))),
    now: input.now,
    horizonDays: input.horizonDays,
  });
}

/** A routine session that moved: where from, where to, and what took its place. */
export type SessionMove = {
  routineId: string;
  title: string;
  from: { id: string; start: number; end: number }[];
  to: { id: string; start: number; end: number }[];
  cause: string;
};

/** The sessions' part of a written plan: events to insert, stale ones to remove, the moves. */
export function writeSessions(input: {
  userId: string;
  rows: Row[];
  result: PlaceRoutinesResult;
  previous: StoredSession[];
  busy: (Interval & { title?: string })[];
  profile: SchedulerProfile;
  say: { locale: string; zone: string };
  reminder: number;
  newId: () => string | null;
}) {
  const byId = new Map(input.rows.map((r) => [r.id, r]));
  const key = (s: Session) => `${s.routineId}|${s.start}|${s.end}`;
  const kept = new Map(input.previous.map((s) => [key(s), s]));
  const inserts: (typeof calendarEvents.$inferInsert)[] = [];
  const sessions: {
    routineId: string;
    eventId: string | null;
    start: string;
    end: string;
    why: string;
    kept: boolean;
  }[] = [];
  for (const s of input.result.placed) {
    const routine = byId.get(s.routineId)!;
    const existing = s.kept ? kept.get(key(s)) : undefined;
    const start = new Date(s.start).toISOString();
    const end = new Date(s.end).toISOString();
    if (existing) {
      kept.delete(key(s));
      const why = existing.why ?? routineWhy(s, toSchedulerRoutine(routine), input.say);
      sessions.push({
        routineId: s.routineId,
        eventId: existing.eventId,
        start,
        end,
        why,
        kept: true,
      });
      continue;
    }
    const why = routineWhy(s, toSchedulerRoutine(routine), input.say);
    const id = input.newId();
    sessions.push({ routineId: s.routineId, eventId: id, start, end, why, kept: false });
    if (!id) continue;
    inserts.push({
      id,
      userId: input.userId,
      title: routine.title,
      description: ROUTINE_SESSION_DESCRIPTION,
      why,
      startTime: new Date(s.start),
      endTime: new Date(s.end),
      reminderMinutes: input.reminder,
      category: "Routine",
      priority: routine.priority,
      source: "assistant",
      routineId: routine.id,
    });
  }
  const stale = [...kept.values()];
  const buffer = input.profile.bufferMinutes * 60_000;
  const moves: SessionMove[] = [];
  for (const routine of input.rows) {
    const from = stale.filter((s) => s.routineId === routine.id);
    if (from.length === 0) continue;
    const to = sessions
      .filter((s) => s.routineId === routine.id && !s.kept && s.eventId)
      .map((s) => ({ id: s.eventId!, start: Date.parse(s.start), end: Date.parse(s.end) }));
    const hit = input.busy.find(
      (b) =>
        b.title !== undefined &&
        from.some((s) => b.start < s.end + buffer && s.start < b.end + buffer),
    );
    moves.push({
      routineId: routine.id,
      title: routine.title,
      from: from.map((s) => ({ id: s.eventId, start: s.start, end: s.end })),
      to,
      cause: hit ? `“${hit.title}” took its time` : "the routine changed",
    });
  }
  return { inserts, sessions, stale: stale.map((s) => s.eventId), moves };
}

/**
 * Says, once, that a week could not hold all of a routine's sessions: a note per routine and
 * week, not repeated while the same one is still shown. No blame: the reason and "next week
 * starts fresh".
 */
export async function noteShortWeeks(
  tx: Db,
  input: { userId: string; rows: Row[]; result: PlaceRoutinesResult; zone: string; now: number },
): Promise<void> {
  if (input.result.unplaced.length === 0) return;
  const shown = await tx
    .select({ title: planNotes.title, detail: planNotes.detail })
    .from(planNotes)
    .where(
      and(
        eq(planNotes.userId, input.userId),
        eq(planNotes.kind, "routine_short"),
        isNull(planNotes.dismissedAt),
      ),
    )
    .limit(200);
  const seen = new Set(shown.map((n) => `${n.title}|${n.detail}`));
  const thisWeek = DateTime.fromMillis(input.now, { zone: input.zone }).startOf("week").toISODate();
  const fresh = input.result.unplaced.flatMap((u) => {
    const routine = input.rows.find((r) => r.id === u.routineId);
    if (!routine) return [];
    const when = u.week === thisWeek ? "" : ` (week of ${u.week})`;
    const detail = `${u.reason}${when}`;
    if (seen.has(`${routine.title}|${detail}`)) return [];
    return [{ userId: input.userId, kind: "routine_short" as const, title: routine.title, detail }];
  });
  if (fresh.length > 0) await tx.insert(planNotes).values(fresh);
}
