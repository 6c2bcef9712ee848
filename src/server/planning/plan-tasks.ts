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
import { DateTime } from "luxon";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import { LIMITS } from "../../core/contract/calendar.ts";
import {
  MAX_AVOIDED,
  PLANNED_BLOCK_DESCRIPTION,
  type PlanResponse,
  type ProposedBlock,
  TASK_LIMITS,
} from "../../core/contract/tasks.ts";
import { describeLearned, withLearned } from "../../core/learning/learn.ts";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import type { Session } from "../../core/scheduler/place-routines.ts";
import { schedule } from "../../core/scheduler/schedule.ts";
import type {
  Block,
  Interval,
  PlacedBlock,
  SchedulerProfile,
  SchedulerTask,
} from "../../core/scheduler/types.ts";
import { tookFirstFit, whyFacts, whySentence } from "../../core/scheduler/why.ts";
import { countedMinutes } from "../../core/today/counted-minutes.ts";
import { DEFAULT_LOCALE } from "../assistant/format-when.ts";
import { calendarFull } from "../calendar/create-event.ts";
import { toServerEvent } from "../calendar/event-dto.ts";
import { userTimeZone } from "../calendar/list-events.ts";
import { connectedBusy } from "../connections/list-external-occurrences.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import {
  calendarEvents,
  checkIns,
  planNotes,
  planStates,
  replanRequests,
  tasks,
} from "../db/schema.ts";
import { learnedModel, rememberLearning, signatureOf } from "../learning/learned-model.ts";
import {
  noteShortWeeks,
  placeSessions,
  readRoutines,
  type SessionMove,
  type StoredSession,
  sortSession,
  writeSessions,
} from "./plan-routines.ts";
import { readPlanProfile } from "./read-plan-profile.ts";

const DAY = 86_400_000;

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
 *
 * One plan per person at a time: the reads, the scheduling and the writes run in one
 * transaction under the person's write lock, so "Plan my week" and an automatic re-plan
 * (replan-worker.ts) never both place the same task. `preview` computes and writes nothing.
 */
export type PlanOutcome = Omit<PlanResponse, "changes"> & {
  /**
   * What this plan wrote, for Undo (the plan's and the assistant's): blocks it created, and
   * blocks it removed with their version after the removal.
   */
  changes: { created: string[]; removed: { id: string; version: number }[] };
  /** Per task whose blocks this plan moved or could no longer place: what and why. */
  moves: Move[];
  /** Per routine whose sessions this plan moved: what and why (issue 29). */
  sessionMoves: SessionMove[];
};

/** A task some of whose blocks a plan removed: where they were, where its time went, why. */
export type Move = {
  taskId: string;
  title: string;
  from: { id: string; start: number; end: number }[];
  to: { id: string; start: number; end: number }[];
  /** Set when the task could not be placed again. */
  unplaced?: string;
  /** What took the old place, in words ("“Client call” took its time"), if anything did. */
  cause: string;
};

type Labelled = Interval & { title?: string };

export async function planTasks(
  db: Db,
  opts: {
    userId: string;
    days: number;
    now: Date;
    locale?: string;
    preview?: boolean;
    /**
     * A proposal as the person decided on it (POST /api/plan/accept): for the tasks it names,
     * the accepted blocks stand in for their current ones (kept where they still fit), and the
     * thrown-back times are remembered so no plan puts that task there again.
     */
    decided?: { accept: ProposedBlock[]; reject: ProposedBlock[] };
  },
): Promise<PlanOutcome> {
  const now = opts.now.getTime();
  const horizonEnd = now + (opts.days + 1) * DAY;
  const timezone = await userTimeZone(db, opts.userId);
  const range = { from: new Date(now - DAY), to: new Date(horizonEnd), zone: timezone };
  // connected calendars' busy time; a failing one never blocks the plan (issue 16)
  const connected = await connectedBusy(db, {
    userId: opts.userId,
    from: range.from,
    to: range.to,
  });
  const locale = opts.locale ?? DEFAULT_LOCALE;

  return db.transaction(async (tx) => {
    // one plan per person at a time (POST /api/plan, the assistant, the re-plan worker)
    await lockUserWrites(tx, opts.userId);
    // one after another: a transaction is one connection (pg warns on queries in parallel)
    const how = await readPlanProfile(tx, opts.userId);
    const checked = await checkedBlocks(tx, opts.userId, opts.now);
    const open = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, opts.userId), eq(tasks.status, "open"), isNull(tasks.deletedAt)))
      // bounded like the list: a user never has more (create-task.ts keeps the cap exact)
      .limit(TASK_LIMITS.tasksPerUser);
    const routineRows = await readRoutines(tx, opts.userId);
    const rows = await tx
      .select()
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.userId, opts.userId),
          isNull(calendarEvents.deletedAt),
          lt(calendarEvents.startTime, new Date(horizonEnd)),
          // a plan runs on every change now: events over before the window cannot matter,
          // series can (they repeat into it)
          or(
            isNotNull(calendarEvents.recurrenceFrequency),
            gte(sql`coalesce(${calendarEvents.endTime}, ${calendarEvents.startTime})`, range.from),
          ),
        ),
      );
    const stated = toSchedulerProfile(how.answer.profile, {
      timezone,
      strategies: how.stated?.strategies ?? [],
    });
    // what the person's evidence taught (issue 27): hours and block sizes
    const model = await learnedModel(tx, {
      userId: opts.userId,
      plan: how.answer.profile,
      padding: stated.estimatePadding,
      now: opts.now,
    });
    const profile = withLearned(stated, model.learned);
    const learnedNow = model.learned.hours.changed || model.learned.estimate.changed;
    // the model changed since the last plan: every task may move to the hours that now suit it
    const modelChanged = model.stored
      ? model.stored.signature !== signatureOf(model.learned)
      : learnedNow;
    const avoid = await avoidedTimes(tx, {
      userId: opts.userId,
      now,
      decided: opts.decided,
      write: !opts.preview,
    });

    const busy: Labelled[] = [];
    const locked: (Block & { title: string })[] = [];
    const previous: (Block & { eventId: string | null; why: string | null; placedAt: number })[] =
      [];
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
    // routine sessions: future ones the planner placed may move, the rest stand (issue 29)
    const sessions = {
      previous: [] as StoredSession[],
      held: [] as Session[],
    };
    for (const row of rows) {
      if (row.routineId !== null && row.taskId === null) {
        sortSession(row, now, sessions);
        const standing = row.source !== "assistant" || row.startTime.getTime() <= now;
        if (standing)
          busy.push({
            start: row.startTime.getTime(),
            end: (row.endTime ?? row.startTime).getTime(),
            title: row.title,
          });
        continue;
      }
      const isBlock = row.taskId !== null;
      if (isBlock && checkedIds.has(row.id)) {
        busy.push({
          start: row.startTime.getTime(),
          end: (row.endTime ?? row.startTime).getTime(),
          title: row.title,
        });
        continue;
      }
      const end = (row.endTime ?? row.startTime).getTime();
      if (isBlock && row.source === "assistant" && row.startTime.getTime() > now) {
        previous.push({
          taskId: row.taskId!,
          start: row.startTime.getTime(),
          end,
          eventId: row.id,
          why: row.why,
          placedAt: row.createdAt.getTime(),
        });
        continue;
      }
      if (isBlock) {
        const block = { taskId: row.taskId!, start: row.startTime.getTime(), end };
        // A block that has passed is not counted as work done: if its task is still open, this
        // plan simply finds it a new time (no shame, nothing to catch up on). It stays busy time.
        if (block.end <= now) busy.push({ start: block.start, end: block.end, title: row.title });
        // in progress, or taken over by the user: fixed, and counted as work done on the task
        else locked.push({ ...block, title: row.title });
        continue;
      }
      if (row.allDay) continue; // an all-day event (a birthday, a holiday marker) doesn't block hours
      // cancelled occurrences are free time; edited ones are rows of their own (busy where they are)
      for (const o of expandWithExceptions(seriesOf(toServerEvent(row)), range)) {
        busy.push({ start: o.start.getTime(), end: o.end.getTime(), title: row.title });
      }
    }
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
    for (const b of locked) if (!openIds.has(b.taskId)) busy.push(b);
    // blocks of tasks the person decided on that they did not accept: removed
    const undecided = opts.decided ? decide(previous, opts.decided, { openIds, now }) : [];
    // tasks edited after their blocks were placed: only these move to hours that suit them
    const lastPlaced = new Map<string, number>();
    for (const b of previous)
      lastPlaced.set(b.taskId, Math.max(lastPlaced.get(b.taskId) ?? 0, b.placedAt));
    const changed = open
      .filter((t) => t.updatedAt.getTime() > (lastPlaced.get(t.id) ?? Number.POSITIVE_INFINITY))
      .map((t) => t.id);
    // routines before tasks (high and medium priority): their sessions are busy time for tasks
    const routineArgs = {
      rows: routineRows,
      profile,
      held: sessions.held,
      previous: sessions.previous,
      now,
      horizonDays: opts.days,
    };
    const before = placeSessions({
      ...routineArgs,
      which: (r) => r.priority !== "low",
      busy,
      taken: [],
    });
    const titleOf = new Map(routineRows.map((r) => [r.id, r.title]));
    const taskBusy: Labelled[] = [
      ...busy,
      ...before.placed.map((s) => ({
        start: s.start,
        end: s.end,
        title: titleOf.get(s.routineId),
      })),
    ];
    const result = schedule({
      profile,
      busy: taskBusy,
      tasks: schedulerTasks,
      locked: locked.filter((b) => openIds.has(b.taskId)),
      done: done.filter((d) => openIds.has(d.taskId)),
      previous,
      ...(modelChanged ? {} : { changed }),
      avoid,
      now,
      horizonDays: opts.days,
    });

    // low-priority routines after tasks: they take what time the tasks leave
    const after = placeSessions({
      ...routineArgs,
      which: (r) => r.priority === "low",
      busy,
      taken: [...before.placed, ...result.placed],
    });
    const routineResult = {
      placed: [...before.placed, ...after.placed].sort((a, b) => a.start - b.start),
      unplaced: [...before.unplaced, ...after.unplaced],
    };

    const key = (b: Block) => `${b.taskId}|${b.start}|${b.end}`;
    const kept = new Map(previous.map((b) => [key(b), b]));
    const byTask = new Map(open.map((t) => [t.id, t]));
    const schedulerTask = new Map(schedulerTasks.map((t) => [t.id, t]));
    const reminder = how.stated?.reminderMinutes ?? 10;
    // before the questionnaire (and without an edit) the hours are a default, and reasons say so
    const say = { locale, zone: timezone, profiled: how.answer.source !== "default" };

    const placed: PlanResponse["placed"] = [];
    const inserts: (typeof calendarEvents.$inferInsert)[] = [];
    const rewhy: { eventId: string; why: string }[] = [];
    for (const b of result.placed) {
      const existing = kept.get(key(b));
      const start = new Date(b.start).toISOString();
      const end = new Date(b.end).toISOString();
      const task = byTask.get(b.taskId)!;
      const why = () => whySentence(whyFacts(b, schedulerTask.get(b.taskId)!, profile), say);
      if (existing?.eventId) {
        kept.delete(key(b));
        // a kept block's reason follows the hours as they are now (a changed profile or a
        // learned peak would leave it naming the old ones)
        const reason = existing.why && tookFirstFit(existing.why) ? existing.why : why();
        if (reason !== existing.why) rewhy.push({ eventId: existing.eventId, why: reason });
        placed.push({
          taskId: b.taskId,
          eventId: existing.eventId,
          start,
          end,
          why: reason,
          kept: true,
        });
        continue;
      }
      const text = why();
      const id = opts.preview ? null : randomUUID();
      placed.push({ taskId: b.taskId, eventId: id, start, end, why: text, kept: false });
      if (!id) continue;
      inserts.push({
        id,
        userId: opts.userId,
        title: task.title,
        description: PLANNED_BLOCK_DESCRIPTION,
        why: text,
        startTime: new Date(b.start),
        endTime: new Date(b.end),
        reminderMinutes: reminder,
        category: "Focus",
        priority: task.priority,
        source: "assistant",
        taskId: task.id,
      });
    }
    const routineWrite = writeSessions({
      userId: opts.userId,
      rows: routineRows,
      result: routineResult,
      previous: sessions.previous,
      busy,
      profile,
      say: { locale, zone: timezone },
      reminder,
      newId: () => (opts.preview ? null : randomUUID()),
    });
    inserts.push(...routineWrite.inserts);
    const staleBlocks = [
      ...[...kept.values()].flatMap((b) => (b.eventId ? [{ ...b, eventId: b.eventId }] : [])),
      ...undecided,
    ];
    const moves = describeMoves({
      stale: staleBlocks,
      placed: result.placed.flatMap((b, i) =>
        b.kept ? [] : [{ ...b, id: placed[i]!.eventId ?? "" }],
      ),
      unplaced: result.unplaced,
      busy: taskBusy,
      locked,
      titles: new Map(open.map((t) => [t.id, t.title])),
      profile,
    });
    const outcome = {
      placed,
      unplaced: result.unplaced,
      sessions: routineWrite.sessions,
      sessionsShort: routineResult.unplaced.map((u) => ({
        routineId: u.routineId,
        week: u.week,
        reason: u.reason,
      })),
      moves,
      sessionMoves: routineWrite.moves,
      ...(connected.notice ? { notice: connected.notice } : {}),
    };
    if (opts.preview) return { ...outcome, changes: { created: [], removed: [] } };

    if (modelChanged) {
      // nothing changes silently: each new thing learned is said once, with Undo
      const fresh = await rememberLearning(tx, {
        userId: opts.userId,
        learned: model.learned,
        insights: describeLearned(model.learned, { locale }),
        stored: model.stored,
      });
      if (fresh.length > 0)
        await tx.insert(planNotes).values(
          fresh.map((i) => ({
            userId: opts.userId,
            kind: "learned" as const,
            title: "How you work",
            detail: i.sentence,
            undo: { created: [], removed: [], learned: i.key },
          })),
        );
    }

    await noteShortWeeks(tx, {
      userId: opts.userId,
      rows: routineRows,
      result: routineResult,
      zone: timezone,
      now,
    });
    const stale = [...staleBlocks.map((b) => b.eventId), ...routineWrite.stale];
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
      // the new blocks count against the event cap (stale blocks were removed just above)
      const [live] = await tx
        .select({ n: count() })
        .from(calendarEvents)
        .where(and(eq(calendarEvents.userId, opts.userId), isNull(calendarEvents.deletedAt)));
      if ((live?.n ?? 0) + inserts.length > LIMITS.eventsPerUser) throw calendarFull();
      await tx.insert(calendarEvents).values(inserts);
    }
    for (const r of rewhy)
      await tx
        .update(calendarEvents)
        .set({ why: r.why, updatedAt: sql`now()`, version: sql`${calendarEvents.version} + 1` })
        .where(
          and(
            eq(calendarEvents.userId, opts.userId),
            eq(calendarEvents.id, r.eventId),
            isNull(calendarEvents.deletedAt),
          ),
        );
    return { ...outcome, changes: { created: inserts.map((i) => i.id!), removed } };
  });
}

const MINUTE = 60_000;

/**
 * The proposal the person decided on replaces, for each task it names, that task's current
 * blocks: an accepted block that is one of them keeps its event; the others are new.
 */
function decide(
  previous: (Block & { eventId: string | null; why: string | null; placedAt: number })[],
  decided: { accept: ProposedBlock[]; reject: ProposedBlock[] },
  ctx: { openIds: Set<string>; now: number },
): (Block & { eventId: string })[] {
  const named = new Set([...decided.accept, ...decided.reject].map((b) => b.taskId));
  const current = new Map(previous.map((b) => [`${b.taskId}|${b.start}|${b.end}`, b]));
  const stay = previous.filter((b) => !named.has(b.taskId));
  const accepted = decided.accept
    .map((b) => ({ taskId: b.taskId, start: Date.parse(b.start), end: Date.parse(b.end) }))
    .filter((b) => ctx.openIds.has(b.taskId) && b.start > ctx.now)
    .map(
      (b) =>
        current.get(`${b.taskId}|${b.start}|${b.end}`) ?? {
          ...b,
          eventId: null,
          why: null,
          placedAt: 0,
        },
    );
  const notAccepted = previous.filter((b) => named.has(b.taskId) && !accepted.includes(b));
  previous.length = 0;
  previous.push(...stay, ...accepted);
  return notAccepted.flatMap((b) => (b.eventId ? [{ ...b, eventId: b.eventId }] : []));
}

/**
 * The times thrown back that still matter (not yet past), with the newly thrown-back ones
 * remembered (newest MAX_AVOIDED) when the plan is written.
 */
async function avoidedTimes(
  tx: Db,
  opts: {
    userId: string;
    now: number;
    decided: { reject: ProposedBlock[] } | undefined;
    write: boolean;
  },
): Promise<Block[]> {
  const [state] = await tx
    .select({ avoid: planStates.avoid })
    .from(planStates)
    .where(eq(planStates.userId, opts.userId));
  const all = [...(state?.avoid ?? []), ...(opts.decided?.reject ?? [])]
    .filter((a) => Date.parse(a.end) > opts.now)
    .slice(-MAX_AVOIDED);
  if (opts.write && opts.decided && opts.decided.reject.length > 0) {
    await tx
      .insert(planStates)
      .values({ userId: opts.userId, avoid: all })
      .onConflictDoUpdate({ target: planStates.userId, set: { avoid: all } });
  }
  return all.map((a) => ({ taskId: a.taskId, start: Date.parse(a.start), end: Date.parse(a.end) }));
}

/**
 * What each task whose blocks a plan removed went through, and why, from facts only: an event
 * or a block of the person's now on the old place (with the buffer the scheduler keeps), the
 * working hours no longer holding it, another task's block there now, or the task itself
 * having changed (its blocks no longer add up to its time).
 */
function describeMoves(input: {
  stale: (Block & { eventId: string })[];
  placed: (PlacedBlock & { id: string })[];
  unplaced: { taskId: string; reason: string }[];
  busy: Labelled[];
  locked: (Block & { title: string })[];
  titles: Map<string, string>;
  profile: SchedulerProfile;
}): Move[] {
  const { profile } = input;
  const buffer = profile.bufferMinutes * MINUTE;
  const near = (a: Interval, b: Interval, pad: number) =>
    a.start < b.end + pad && b.start < a.end + pad;
  const moves = new Map<string, Move>();
  for (const s of input.stale) {
    const title = input.titles.get(s.taskId);
    if (title === undefined) continue; // the task is done or gone: nothing moved
    const move = moves.get(s.taskId) ?? {
      taskId: s.taskId,
      title,
      from: [],
      to: [],
      cause: "",
    };
    move.from.push({ id: s.eventId, start: s.start, end: s.end });
    if (!move.cause) move.cause = causeOf(s);
    moves.set(s.taskId, move);
  }
  for (const move of moves.values()) {
    move.to = input.placed
      .filter((b) => b.taskId === move.taskId)
      .map((b) => ({ id: b.id, start: b.start, end: b.end }));
    const unplaced = input.unplaced.find((u) => u.taskId === move.taskId);
    if (unplaced) move.unplaced = unplaced.reason;
  }
  return [...moves.values()];

  function causeOf(block: Block): string {
    const event = input.busy.find((b) => b.title !== undefined && near(b, block, buffer));
    if (event) return `${quoteTitle(event.title!)} took its time`;
    const mine = input.locked.find((b) => near(b, block, profile.breakMinutes * MINUTE));
    if (mine) return `you put ${quoteTitle(mine.title)} there`;
    const local = DateTime.fromMillis(block.start, { zone: profile.timezone });
    const minutes = local.hour * 60 + local.minute;
    const endLocal = DateTime.fromMillis(block.end, { zone: profile.timezone });
    const endMinutes = endLocal.hour * 60 + endLocal.minute || 24 * 60;
    if (!profile.workingDays.includes(local.weekday))
      return `you don't work on ${local.toFormat("cccc")}s now`;
    if (minutes < profile.workingHours.start || endMinutes > profile.workingHours.end)
      return "it was outside your working hours now";
    const other = input.placed.find((b) => b.taskId !== block.taskId && near(b, block, 0));
    if (other) {
      const title = input.titles.get(other.taskId);
      if (title !== undefined) return `${quoteTitle(title)} needed that time`;
    }
    return "its task changed";
  }
}

const quoteTitle = (title: string) => `“${title}”`;

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
    // the person took Sage's plan back: Sage stops keeping it by itself (a re-plan asked for
    // by a change made before the undo would otherwise put the same blocks straight back)
    // until they plan again (rememberPlan)
    await tx.update(planStates).set({ auto: false }).where(eq(planStates.userId, opts.userId));
    await tx.delete(replanRequests).where(eq(replanRequests.userId, opts.userId));
    return { deleted: deleted.length, restored: restored.length };
  });
}
