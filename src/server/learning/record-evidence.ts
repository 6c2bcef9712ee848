import { and, eq, inArray } from "drizzle-orm";
import type { SignalSource } from "../../core/contract/insights.ts";
import type { CheckInRequest } from "../../core/contract/today.ts";
import type { TaskEnergy } from "../../core/learning/types.ts";
import type { Db } from "../db/client.ts";
import { checkIns, routines, tasks } from "../db/schema.ts";
import { forgetSignal, placementOf, recordSignal } from "./signals.ts";

const MINUTE = 60_000;
export const checkInKey = (eventId: string, occurrence: Date | null) =>
  `check-in:${eventId}:${occurrence ? occurrence.toISOString() : "-"}`;
export const finishedKey = (taskId: string) => `finished:${taskId}`;
export const untouchedKey = (eventId: string) => `untouched:${eventId}`;

async function energyOf(db: Db, userId: string, taskId: string): Promise<TaskEnergy | null> {
  const [task] = await db
    .select({ energy: tasks.energy })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return task?.energy ?? null;
}

async function routineEnergy(
  db: Db,
  userId: string,
  routineId: string,
): Promise<TaskEnergy | null> {
  const [routine] = await db
    .select({ energy: routines.energy })
    .from(routines)
    .where(and(eq(routines.id, routineId), eq(routines.userId, userId)));
  return routine?.energy ?? null;
}

/**
 * A check-in as evidence (issue 27): where the block sat in the person's day and what came of
 * it, replacing an earlier check-in of the same block and the "untouched" guess about it. A
 * check-in that finished the task also records how long the task took (its check-ins' minutes).
 * A routine's session (issue 29) is evidence of when the person does work of its energy; it
 * says nothing about estimates (a session is as long as the routine says).
 */
export async function recordCheckInEvidence(
  db: Db,
  opts: {
    userId: string;
    of: { taskId: string } | { routineId: string };
    eventId: string;
    occurrence: Date | null;
    start: Date;
    plannedMinutes: number;
    zone: string;
    input: CheckInRequest;
    closedTask: boolean;
    /** False for work said done before its block began: not evidence about the block's hour. */
    begun?: boolean;
    now: Date;
  },
): Promise<void> {
  const taskId = "taskId" in opts.of ? opts.of.taskId : null;
  const energy =
    "taskId" in opts.of
      ? await energyOf(db, opts.userId, opts.of.taskId)
      : await routineEnergy(db, opts.userId, opts.of.routineId);
  if (!energy) return;
  const block = placementOf(
    opts.start,
    new Date(opts.start.getTime() + opts.plannedMinutes * MINUTE),
    opts.zone,
  );
  const source: SignalSource = opts.input.source ?? "today";
  const { outcome, minutes } = opts.input;
  const key = checkInKey(opts.eventId, opts.occurrence);
  if (opts.begun === false) await forgetSignal(db, opts.userId, key);
  else
    await recordSignal(db, {
      userId: opts.userId,
      key,
      source,
      taskId,
      signal:
        outcome === "partly"
          ? { kind: "partly", energy, block, minutes: minutes ?? 0 }
          : { kind: outcome, energy, block },
      now: opts.now,
    });
  await forgetSignal(db, opts.userId, untouchedKey(opts.eventId));
  if (taskId === null) return;
  if (opts.closedTask) await recordFinishedFromCheckIns(db, { ...opts, taskId, energy, source });
  else if (outcome !== "done") await forgetSignal(db, opts.userId, finishedKey(taskId));
}

/**
 * The task's length from its check-ins: the minutes each said, and for a "done" that said none
 * the block's planned length (the person spent the block on it). A task that needed an extra
 * block shows as longer than planned; one finished early shows only when the minutes are said.
 */
async function recordFinishedFromCheckIns(
  db: Db,
  opts: { userId: string; taskId: string; energy: TaskEnergy; source: SignalSource; now: Date },
): Promise<void> {
  const rows = await db
    .select({
      outcome: checkIns.outcome,
      minutes: checkIns.minutes,
      plannedMinutes: checkIns.plannedMinutes,
    })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, opts.userId),
        eq(checkIns.taskId, opts.taskId),
        inArray(checkIns.outcome, ["done", "partly"]),
      ),
    )
    .limit(500);
  const actual = rows.reduce(
    (s, r) => s + (r.minutes ?? (r.outcome === "done" ? r.plannedMinutes : 0)),
    0,
  );
  if (actual > 0) await recordFinished(db, { ...opts, actualMinutes: actual });
}

/** A task finished, with the minutes it really took, as evidence against its estimate. */
export async function recordFinished(
  db: Db,
  opts: {
    userId: string;
    taskId: string;
    actualMinutes: number;
    source: SignalSource;
    now: Date;
    energy?: TaskEnergy;
  },
): Promise<void> {
  const [task] = await db
    .select({ energy: tasks.energy, estimate: tasks.estimatedMinutes })
    .from(tasks)
    .where(and(eq(tasks.id, opts.taskId), eq(tasks.userId, opts.userId)));
  if (!task || opts.actualMinutes <= 0) return;
  await recordSignal(db, {
    userId: opts.userId,
    key: finishedKey(opts.taskId),
    source: opts.source,
    taskId: opts.taskId,
    signal: {
      kind: "finished",
      energy: opts.energy ?? task.energy,
      estimateMinutes: task.estimate,
      actualMinutes: opts.actualMinutes,
    },
    now: opts.now,
  });
}

/** A task opened again: its "finished" evidence no longer holds. */
export const forgetFinished = (db: Db, userId: string, taskId: string) =>
  forgetSignal(db, userId, finishedKey(taskId));

/**
 * The person moved one of Sage's blocks (in Sage, or in their own calendar): not then, but
 * then. Keyed by the block and its new start, so the same move seen twice counts once. A
 * routine's session (taskId null, `routineId` set) counts at the routine's energy.
 */
export async function recordMove(
  db: Db,
  opts: {
    userId: string;
    taskId: string | null;
    routineId?: string | null;
    eventId: string;
    from: { start: Date; end: Date };
    to: { start: Date };
    zone: string;
    source: SignalSource;
  },
): Promise<void> {
  if (opts.from.start.getTime() === opts.to.start.getTime()) return;
  const energy = opts.taskId
    ? await energyOf(db, opts.userId, opts.taskId)
    : opts.routineId
      ? await routineEnergy(db, opts.userId, opts.routineId)
      : null;
  if (!energy) return;
  const to = placementOf(opts.to.start, opts.to.start, opts.zone);
  await recordSignal(db, {
    userId: opts.userId,
    key: `moved:${opts.eventId}:${opts.to.start.toISOString()}`,
    source: opts.source,
    taskId: opts.taskId,
    signal: {
      kind: "moved",
      energy,
      block: placementOf(opts.from.start, opts.from.end, opts.zone),
      to: { weekday: to.weekday, minute: to.minute },
    },
  });
}
