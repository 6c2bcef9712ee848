import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import { planNoteText } from "../../core/contract/plan-notes.ts";
import {
  type CarriedOver,
  TODAY_LIMITS,
  type TodayItem,
  type TodayResponse,
} from "../../core/contract/today.ts";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import { countedMinutes } from "../../core/today/counted-minutes.ts";
import { toServerEvent } from "../calendar/event-dto.ts";
import { mayOccurBetween, userTimeZone } from "../calendar/list-events.ts";
import { listConnectedOccurrences } from "../connections/list-external-occurrences.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents, checkIns, planNotes, tasks, todaySeen } from "../db/schema.ts";
import { readPlanProfile } from "../planning/read-plan-profile.ts";

const MINUTE = 60_000;
type Log = { warn: (obj: object, msg: string) => void };

/**
 * The person's day, as Today shows it: meetings (their own, repeating ones expanded, and
 * their connected calendars' busy time) and Sage's blocks in order, each block with its
 * check-in; the load against the day's cap; plan notes since they last looked; and
 * yesterday's blocks whose work is still open, with where the plan put it again.
 * Bounded: one day (and yesterday's blocks), TODAY_LIMITS per list. A connected calendar that
 * cannot be read is left out and `notice` says so.
 */
export async function readToday(
  db: Db,
  opts: { userId: string; date?: string | undefined; now: Date; log?: Log },
): Promise<TodayResponse> {
  const { userId, now } = opts;
  const [zone, how, [seen]] = await Promise.all([
    userTimeZone(db, userId),
    readPlanProfile(db, userId),
    db.select().from(todaySeen).where(eq(todaySeen.userId, userId)),
  ]);
  const day = opts.date
    ? DateTime.fromISO(opts.date, { zone }).startOf("day")
    : DateTime.fromJSDate(now, { zone }).startOf("day");
  const from = day.toJSDate();
  const to = day.plus({ days: 1 }).toJSDate();
  const yesterday = day.minus({ days: 1 }).toJSDate();

  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, userId),
        isNull(calendarEvents.deletedAt),
        ...mayOccurBetween({ from: yesterday, to }),
      ),
    )
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));

  const items: TodayItem[] = [];
  const yesterdayBlocks: typeof rows = [];
  for (const row of rows) {
    const event = toServerEvent(row);
    const repeats = row.recurrenceFrequency !== null;
    if (row.taskId !== null && !repeats && row.startTime < from) {
      // only what has ended: viewing a day ahead, today's blocks still to come are not "left"
      if (row.startTime >= yesterday && (row.endTime ?? row.startTime) <= now)
        yesterdayBlocks.push(row);
      continue;
    }
    for (const o of expandWithExceptions(seriesOf(event), { from, to, zone, limit: 50 })) {
      items.push({
        kind: row.taskId || row.routineId ? "block" : "meeting",
        id: row.id,
        occurrence: repeats ? o.start.toISOString() : null,
        title: row.title,
        start: o.start.toISOString(),
        end: o.end.toISOString(),
        allDay: row.allDay,
        from: "sage",
        taskId: row.taskId,
        routineId: row.routineId,
        why: row.why,
        checkIn: null,
      });
    }
  }

  let notice: string | undefined;
  try {
    const connected = await listConnectedOccurrences(db, { userId, from, to, busyOnly: true });
    for (const o of connected) {
      items.push({
        kind: "meeting",
        id: o.id,
        occurrence: null,
        title: o.title,
        start: o.start.toISOString(),
        end: o.end.toISOString(),
        allDay: o.allDay,
        from: "connected",
        taskId: null,
        checkIn: null,
      });
    }
  } catch (error) {
    opts.log?.warn({ err: error, userId }, "connected calendars left out of Today");
    notice = "Your connected calendars could not be read just now; their events are not shown.";
  }
  // an all-day occurrence is dated in UTC midnights (decision 028): it belongs to the days it
  // names, not to every local day its UTC span touches
  const date = day.toISODate()!;
  const onThisDay = (i: TodayItem) =>
    !i.allDay || (i.start.slice(0, 10) <= date && date < i.end.slice(0, 10));
  const dayItems = items.filter(onThisDay);
  dayItems.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const shown = dayItems.slice(0, TODAY_LIMITS.items);

  const blockIds = [
    ...new Set([
      ...shown.filter((i) => i.kind === "block").map((i) => i.id),
      ...yesterdayBlocks.map((b) => b.id),
    ]),
  ];
  const checked = blockIds.length
    ? await db
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.userId, userId), inArray(checkIns.eventId, blockIds)))
    : [];
  const checkInOf = (id: string, occurrence: string | null) =>
    checked.find(
      (c) => c.eventId === id && (c.occurrenceStart?.toISOString() ?? null) === occurrence,
    );

  let plannedMinutes = 0;
  let doneMinutes = 0;
  for (const item of shown) {
    if (item.kind !== "block") continue;
    const c = checkInOf(item.id, item.occurrence);
    if (c) item.checkIn = { outcome: c.outcome, minutes: c.minutes };
    if (c?.outcome === "skipped") continue;
    plannedMinutes += (Date.parse(item.end) - Date.parse(item.start)) / MINUTE;
    // "done — took 40 min": the minutes said, as the row shows them (the planner's count,
    // countedMinutes, stays the block's length: the block's share of the task is done)
    if (c) doneMinutes += c.outcome === "done" && c.minutes ? c.minutes : countedMinutes(c);
  }

  const [carriedOver, moved] = await Promise.all([
    carriedOverFrom(db, { userId, blocks: yesterdayBlocks, checked, from }),
    movedSince(db, { userId, since: seen?.seenAt }),
  ]);
  return {
    date,
    timezone: zone,
    items: shown,
    load: {
      plannedMinutes: Math.round(plannedMinutes),
      doneMinutes: Math.round(doneMinutes),
      capacityMinutes: toSchedulerProfile(how.answer.profile, { timezone: zone })
        .dailyLoadCapMinutes,
    },
    moved,
    carriedOver,
    asOf: now.toISOString(),
    ...(notice ? { notice } : {}),
  };
}

/**
 * Yesterday's blocks not checked in as done whose task is still open, one entry per task: the
 * work left on them and the task's next block from the start of the day on not checked in
 * yet (where the plan put it again).
 */
async function carriedOverFrom(
  db: Db,
  opts: {
    userId: string;
    blocks: (typeof calendarEvents.$inferSelect)[];
    checked: (typeof checkIns.$inferSelect)[];
    from: Date;
  },
): Promise<CarriedOver[]> {
  const candidates = opts.blocks
    .map((b) => ({ block: b, checkIn: opts.checked.find((c) => c.eventId === b.id) }))
    .filter(({ checkIn }) => checkIn?.outcome !== "done")
    .slice(0, TODAY_LIMITS.carriedOver);
  const taskIds = [...new Set(candidates.map((c) => c.block.taskId!))];
  if (taskIds.length === 0) return [];
  const mine = (...more: SQL[]) => and(eq(calendarEvents.userId, opts.userId), ...more);
  const [open, next] = await Promise.all([
    db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, opts.userId),
          inArray(tasks.id, taskIds),
          eq(tasks.status, "open"),
          isNull(tasks.deletedAt),
        ),
      ),
    db
      .select({
        id: calendarEvents.id,
        taskId: calendarEvents.taskId,
        start: calendarEvents.startTime,
      })
      .from(calendarEvents)
      // a block already checked in is not where the work went
      .leftJoin(checkIns, eq(checkIns.eventId, calendarEvents.id))
      .where(
        mine(
          inArray(calendarEvents.taskId, taskIds),
          isNull(calendarEvents.deletedAt),
          gte(calendarEvents.startTime, opts.from),
          isNull(checkIns.id),
        ),
      )
      .orderBy(asc(calendarEvents.startTime))
      // a task has at most a few blocks ahead; enough for the first of each
      .limit(taskIds.length * 20),
  ]);
  const openIds = new Set(open.map((t) => t.id));
  // one entry per task, in the order of its first block yesterday
  const byTask = new Map<string, CarriedOver>();
  for (const { block, checkIn } of candidates) {
    const taskId = block.taskId!;
    if (!openIds.has(taskId)) continue;
    const length =
      ((block.endTime ?? block.startTime).getTime() - block.startTime.getTime()) / MINUTE;
    const left = Math.max(0, Math.round(length - (checkIn ? countedMinutes(checkIn) : 0)));
    const entry = byTask.get(taskId);
    if (entry) {
      entry.eventIds.push(block.id);
      entry.minutes += left;
      continue;
    }
    const again = next.find((n) => n.taskId === taskId);
    byTask.set(taskId, {
      taskId,
      title: block.title,
      eventIds: [block.id],
      minutes: left,
      plannedAgain: again ? { eventId: again.id, start: again.start.toISOString() } : null,
    });
  }
  return [...byTask.values()];
}

/** Plan notes not dismissed that came after the person last looked at Today (all, the first time). */
async function movedSince(db: Db, opts: { userId: string; since: Date | undefined }) {
  const rows = await db
    .select()
    .from(planNotes)
    .where(
      and(
        eq(planNotes.userId, opts.userId),
        isNull(planNotes.dismissedAt),
        ...(opts.since ? [gt(planNotes.createdAt, opts.since)] : []),
      ),
    )
    .orderBy(desc(planNotes.createdAt))
    .limit(TODAY_LIMITS.moved);
  return rows.map((n) => ({
    id: n.id,
    text: planNoteText(n),
    createdAt: n.createdAt.toISOString(),
  }));
}

/**
 * Marks everything up to `through` (a Today answer's `asOf`, never later than now) as seen.
 * Idempotent, and it only moves forward: an older `through` changes nothing.
 */
export async function markTodaySeen(
  db: Db,
  opts: { userId: string; through: Date; now: Date },
): Promise<void> {
  const at = opts.through > opts.now ? opts.now : opts.through;
  await db
    .insert(todaySeen)
    .values({ userId: opts.userId, seenAt: at })
    .onConflictDoUpdate({
      target: todaySeen.userId,
      set: { seenAt: at },
      setWhere: lt(todaySeen.seenAt, at),
    });
}
