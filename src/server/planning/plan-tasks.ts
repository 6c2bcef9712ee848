import { randomUUID } from "node:crypto";
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from "drizzle-orm";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import { LIMITS } from "../../core/contract/calendar.ts";
import { type SchedulingProfile, schedulingProfile } from "../../core/contract/productivity.ts";
import {
  PLANNED_BLOCK_DESCRIPTION,
  type PlanResponse,
  TASK_LIMITS,
} from "../../core/contract/tasks.ts";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import { schedule } from "../../core/scheduler/schedule.ts";
import type { Block, Interval, SchedulerTask } from "../../core/scheduler/types.ts";
import { countedMinutes } from "../../core/today/counted-minutes.ts";
import { calendarFull } from "../calendar/create-event.ts";
import { toServerEvent } from "../calendar/event-dto.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import { connectedBusy } from "../connections/list-external-occurrences.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { calendarEvents, checkIns, domainContexts, tasks } from "../db/schema.ts";

const DAY = 86_400_000;

/** The person's stored scheduling profile, or undefined before the questionnaire. */
export async function storedSchedulingProfile(
  db: Db,
  userId: string,
): Promise<SchedulingProfile | undefined> {
  const [row] = await db
    .select({ data: domainContexts.profileData })
    .from(domainContexts)
    .where(and(eq(domainContexts.userId, userId), eq(domainContexts.domain, "productivity")));
  const parsed = schedulingProfile.safeParse(row?.data);
  return parsed.success ? parsed.data : undefined;
}

/** Check-ins the planner reads at most (one person's, of their open tasks). */
export const CHECK_INS_READ = 2_000;

/**
 * The check-ins the plan needs, with each block's time (deleted blocks too: a skipped block
 * is removed): those of the person's open tasks (their minutes count as done), and those of
 * blocks that have not ended (a block said done stays put even when that finished its task).
 * Bounded: CHECK_INS_READ rows, newest first.
 */
async function checkedBlocks(db: Db, userId: string, now: Date) {
  const rows = await db
    .select({
      eventId: checkIns.eventId,
      occurrenceStart: checkIns.occurrenceStart,
      taskId: checkIns.taskId,
      outcome: checkIns.outcome,
      minutes: checkIns.minutes,
      plannedMinutes: checkIns.plannedMinutes,
      start: calendarEvents.startTime,
      end: calendarEvents.endTime,
      deletedAt: calendarEvents.deletedAt,
      taskOpen: tasks.id,
    })
    .from(checkIns)
    .innerJoin(calendarEvents, eq(calendarEvents.id, checkIns.eventId))
    .leftJoin(
      tasks,
      and(eq(tasks.id, checkIns.taskId), eq(tasks.status, "open"), isNull(tasks.deletedAt)),
    )
    .where(
      and(eq(checkIns.userId, userId), or(isNotNull(tasks.id), gt(calendarEvents.endTime, now))),
    )
    .orderBy(desc(checkIns.createdAt))
    .limit(CHECK_INS_READ);
  return rows.map((r) => ({ ...r, end: r.end ?? r.start }));
}

/**
 * Plans the user's open tasks over the next `days` and writes the blocks as calendar events
 * (source 'assistant', linked to their task). A re-plan replaces only the assistant's future
 * blocks, and keeps each one that is still right where it is (same id, same SEQUENCE), so
 * calendars subscribed to the feed see as little churn as possible. Blocks that have started,
 * and task blocks the user has taken over (edited, so source 'user'), never move. A block
 * that has ended while its task is still open does not count as done: the task is placed again.
 * A block the person checked in on (POST /api/check-ins) stays put, and counts as done only
 * as much as the check-in says (done: the block; partly: its minutes; skipped: nothing).
 */
export type PlanOutcome = Omit<PlanResponse, "changes"> & {
  /**
   * What this plan wrote, for Undo (the plan's and the assistant's): blocks it created, and
   * blocks it removed with their version after the removal.
   */
  changes: { created: string[]; removed: { id: string; version: number }[] };
};

export async function planTasks(
  db: Db,
  opts: { userId: string; days: number; now: Date },
): Promise<PlanOutcome> {
  const now = opts.now.getTime();
  const [timezone, stored, open, checked] = await Promise.all([
    userTimeZone(db, opts.userId),
    storedSchedulingProfile(db, opts.userId),
    db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, opts.userId), eq(tasks.status, "open"), isNull(tasks.deletedAt)))
      // bounded like the list: a user never has more (create-task.ts keeps the cap exact)
      .limit(TASK_LIMITS.tasksPerUser),
    checkedBlocks(db, opts.userId, opts.now),
  ]);
  const profile = toSchedulerProfile(stored, timezone);
  const horizonEnd = now + (opts.days + 1) * DAY;

  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, opts.userId),
        isNull(calendarEvents.deletedAt),
        lt(calendarEvents.startTime, new Date(horizonEnd)),
      ),
    );
  const busy: Interval[] = [];
  const locked: Block[] = [];
  const previous: (Block & { eventId: string })[] = [];
  const range = { from: new Date(now - DAY), to: new Date(horizonEnd), zone: timezone };
  // a block the person checked in on is settled: it stays where it is as busy time, and its
  // check-in (not its length) says how much of the task's work is done (countedMinutes)
  const checkedIds = new Set(
    checked.filter((c) => c.occurrenceStart === null).map((c) => c.eventId),
  );
  const done = checked.flatMap((c) =>
    c.taskOpen ? [{ taskId: c.taskOpen, minutes: countedMinutes(c) }] : [],
  );
  for (const c of checked) {
    // a block skipped before it began is gone; its time stays out of this plan ("not then")
    if (c.outcome === "skipped" && c.deletedAt && c.end.getTime() > now)
      busy.push({ start: c.start.getTime(), end: c.end.getTime() });
  }
  for (const row of rows) {
    const isBlock = row.taskId !== null;
    if (isBlock && checkedIds.has(row.id)) {
      busy.push({ start: row.startTime.getTime(), end: (row.endTime ?? row.startTime).getTime() });
      continue;
    }
    if (isBlock && row.source === "assistant" && row.startTime.getTime() > now) {
      previous.push({
        taskId: row.taskId!,
        start: row.startTime.getTime(),
        end: (row.endTime ?? row.startTime).getTime(),
        eventId: row.id,
      });
      continue;
    }
    if (isBlock) {
      const block = {
        taskId: row.taskId!,
        start: row.startTime.getTime(),
        end: (row.endTime ?? row.startTime).getTime(),
      };
      // A block that has passed is not counted as work done: if its task is still open, this
      // plan simply finds it a new time (no shame, nothing to catch up on). It stays busy time.
      if (block.end <= now) busy.push({ start: block.start, end: block.end });
      // in progress, or taken over by the user: fixed, and counted as work done on the task
      else locked.push(block);
      continue;
    }
    if (row.allDay) continue; // an all-day event (a birthday, a holiday marker) doesn't block hours
    // cancelled occurrences are free time; edited ones are rows of their own (busy where they are)
    for (const o of expandWithExceptions(seriesOf(toServerEvent(row)), range)) {
      busy.push({ start: o.start.getTime(), end: o.end.getTime() });
    }
  }

  // connected calendars' busy time; a failing one never blocks the plan (issue 16)
  const connected = await connectedBusy(db, {
    userId: opts.userId,
    from: range.from,
    to: range.to,
  });
  busy.push(...connected.busy);

  const schedulerTasks: SchedulerTask[] = open.map((t) => ({
    id: t.id,
    title: t.title,
    estimatedMinutes: t.estimatedMinutes,
    ...(t.deadline ? { deadline: t.deadline.getTime() } : {}),
    priority: t.priority,
    energy: t.energy,
    splittable: t.splittable,
    minChunkMinutes: t.minChunkMinutes,
  }));
  // fixed blocks of tasks that are done or deleted are simply busy time; future blocks of
  // a deleted task (an assistant's Undo leaves them to their own cards) are stale and go
  const openIds = new Set(schedulerTasks.map((t) => t.id));
  for (const b of locked) if (!openIds.has(b.taskId)) busy.push({ start: b.start, end: b.end });
  const result = schedule({
    profile,
    busy,
    tasks: schedulerTasks,
    locked: locked.filter((b) => openIds.has(b.taskId)),
    done: done.filter((d) => openIds.has(d.taskId)),
    previous,
    now,
    horizonDays: opts.days,
  });

  const key = (b: Block) => `${b.taskId}|${b.start}|${b.end}`;
  const kept = new Map(previous.map((b) => [key(b), b.eventId]));
  const byTask = new Map(open.map((t) => [t.id, t]));
  const reminder = stored?.reminderMinutes ?? 10;

  return db.transaction(async (tx) => {
    const placed: PlanResponse["placed"] = [];
    const inserts: (typeof calendarEvents.$inferInsert)[] = [];
    for (const b of result.placed) {
      const existing = kept.get(key(b));
      if (existing) {
        kept.delete(key(b));
        placed.push({
          taskId: b.taskId,
          eventId: existing,
          start: new Date(b.start).toISOString(),
          end: new Date(b.end).toISOString(),
        });
        continue;
      }
      const task = byTask.get(b.taskId)!;
      const id = randomUUID();
      inserts.push({
        id,
        userId: opts.userId,
        title: task.title,
        description: PLANNED_BLOCK_DESCRIPTION,
        startTime: new Date(b.start),
        endTime: new Date(b.end),
        reminderMinutes: reminder,
        category: "Focus",
        priority: task.priority,
        source: "assistant",
        taskId: task.id,
      });
      placed.push({
        taskId: b.taskId,
        eventId: id,
        start: new Date(b.start).toISOString(),
        end: new Date(b.end).toISOString(),
      });
    }
    const stale = [...kept.values()];
    let removed: { id: string; version: number }[] = [];
    if (stale.length > 0) {
      removed = await tx
        .update(calendarEvents)
        .set({
          deletedAt: sql`now()`,
          updatedAt: sql`now()`,
          version: sql`${calendarEvents.version} + 1`,
        })
        .where(
          and(
            eq(calendarEvents.userId, opts.userId),
            inArray(calendarEvents.id, stale),
            gte(calendarEvents.startTime, new Date(now)),
          ),
        )
        .returning({ id: calendarEvents.id, version: calendarEvents.version });
    }
    if (inserts.length > 0) {
      // the new blocks count against the event cap, checked under the user's lock like a
      // create (stale blocks were removed just above)
      await lockUserWrites(tx, opts.userId);
      const [live] = await tx
        .select({ n: count() })
        .from(calendarEvents)
        .where(and(eq(calendarEvents.userId, opts.userId), isNull(calendarEvents.deletedAt)));
      if ((live?.n ?? 0) + inserts.length > LIMITS.eventsPerUser) throw calendarFull();
      await tx.insert(calendarEvents).values(inserts);
    }
    return {
      placed,
      unplaced: result.unplaced,
      changes: { created: inserts.map((i) => i.id!), removed },
      ...(connected.notice ? { notice: connected.notice } : {}),
    };
  });
}

/**
 * Undoes one plan exactly: the blocks it wrote go (unless the person has taken one over
 * since — an edited block is theirs and stays), the blocks it removed come back as they
 * were (same id, same content; the version rises so synced copies update). Only the
 * user's own assistant blocks are touched. Idempotent.
 */
export async function undoPlan(
  db: Db,
  opts: { userId: string; created: string[]; removed: string[] },
): Promise<{ deleted: number; restored: number }> {
  const mine = (ids: string[]) =>
    and(
      eq(calendarEvents.userId, opts.userId),
      inArray(calendarEvents.id, ids),
      eq(calendarEvents.source, "assistant"),
    );
  return db.transaction(async (tx) => {
    const bump = { updatedAt: sql`now()`, version: sql`${calendarEvents.version} + 1` };
    const deleted = opts.created.length
      ? await tx
          .update(calendarEvents)
          .set({ deletedAt: sql`now()`, ...bump })
          .where(and(mine(opts.created), isNull(calendarEvents.deletedAt)))
          .returning({ id: calendarEvents.id })
      : [];
    const restored = opts.removed.length
      ? await tx
          .update(calendarEvents)
          .set({ deletedAt: null, ...bump })
          .where(and(mine(opts.removed), sql`${calendarEvents.deletedAt} is not null`))
          .returning({ id: calendarEvents.id })
      : [];
    return { deleted: deleted.length, restored: restored.length };
  });
}
