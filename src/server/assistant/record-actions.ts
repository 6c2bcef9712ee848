import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { CalendarToolCall } from "../../core/assistant/calendar-tools.ts";
import { type ActionCard, actionCard } from "../../core/contract/assistant-actions.ts";
import { LIMITS } from "../../core/contract/calendar.ts";
import { routineInput } from "../../core/contract/routines.ts";
import type { Db } from "../db/client.ts";
import { assistantActions, calendarEvents, messages, tasks } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { removeRoutine } from "../routines/delete-routine.ts";
import { revertRoutine } from "../routines/revert-routine.ts";
import { unskipRoutineDay } from "../routines/skip-routine-session.ts";
import { taskTombstone } from "../tasks/delete-task.ts";
import { undoCheckIn, undoCheckInStep } from "../today/undo-check-in.ts";

/**
 * One step that puts a change back. `version` is the event's version right after the
 * assistant's change: if it differs at undo time, the person (or a sync) has changed the
 * event since, and Undo refuses rather than overwrite their edit.
 */
/** A routine's fields in an undo step (what it was, what a change left). */
const routineFields = routineInput.transform((r) => ({
  ...r,
  energy: r.energy ?? "medium",
  priority: r.priority ?? "medium",
}));

const undoStep = z.discriminatedUnion("op", [
  z.object({ op: z.literal("delete_event"), id: z.uuid(), version: z.number().int() }),
  z.object({ op: z.literal("restore_event"), id: z.uuid(), version: z.number().int() }),
  z.object({
    op: z.literal("revert_event"),
    id: z.uuid(),
    version: z.number().int(),
    before: z.object({
      startTime: z.string(),
      endTime: z.string().nullable(),
      source: z.enum(["user", "assistant"]),
      /** A moved series: its cancelled occurrences and its edited ones' places, as they were. */
      exdates: z.array(z.string()).max(LIMITS.eventsPerUser).optional(),
      overrides: z
        .array(z.object({ id: z.uuid(), recurrenceId: z.string() }))
        .max(LIMITS.eventsPerUser)
        .optional(),
    }),
  }),
  /** One occurrence of a series put back: out of the series' exdates, its override gone. */
  z.object({
    op: z.literal("restore_occurrence"),
    seriesId: z.uuid(),
    seriesVersion: z.number().int(),
    occurrence: z.iso.datetime({ offset: true }),
    override: z.object({ id: z.uuid(), version: z.number().int() }).optional(),
  }),
  z.object({ op: z.literal("delete_task"), id: z.uuid() }),
  z.object({ op: z.literal("reopen_task"), id: z.uuid() }),
  /** A check-in taken back: its row, its evidence and the task's status as they were. */
  undoCheckInStep,
  /** A routine proposed, not written (issue 29): Yes writes it; Undo (No) has nothing to do. */
  z.object({ op: z.literal("propose_routine"), routine: routineInput }),
  /** A routine written on Yes: Undo deletes it with its sessions still to come. */
  z.object({ op: z.literal("delete_routine"), id: z.uuid() }),
  /** A day's session skipped: Undo takes the skip back and the plan places it again. */
  z.object({ op: z.literal("unskip_routine"), id: z.uuid(), date: z.iso.date() }),
  /** A routine changed from chat: Undo puts its fields back, unless changed since. */
  z.object({
    op: z.literal("revert_routine"),
    id: z.uuid(),
    before: routineFields,
    after: routineFields,
  }),
]);
export type UndoStep = z.infer<typeof undoStep>;
// written by the server itself; a four-week plan stays far below this
const undoSteps = z.array(undoStep).max(10_000);

/** The database or a transaction on it (a card is stored in its reply's transaction). */
type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A change made this turn, before it is stored: the card (without id) and its undo. A
 * proposal carries the calls it would run instead, and no undo.
 */
export type PendingAction = {
  card: Omit<ActionCard, "id" | "undone">;
  undo: UndoStep[];
  proposal?: CalendarToolCall[];
};

/** Stores the turn's actions with the reply they belong to and returns their cards. */
export async function recordActions(
  db: Executor,
  userId: string,
  pending: PendingAction[],
  messageId: string,
): Promise<ActionCard[]> {
  if (pending.length === 0) return [];
  // one proposal waits at a time: a newer one replaces any older, unanswered one
  if (pending.some((p) => p.proposal)) await dropProposal(db, userId);
  const rows = await db
    .insert(assistantActions)
    .values(
      pending.map((p) => ({
        userId,
        messageId,
        card: p.card,
        undo: p.undo,
        proposal: p.proposal ?? null,
      })),
    )
    .returning({ id: assistantActions.id });
  return pending.map((p, i) => ({
    ...p.card,
    id: rows[i]!.id,
    undone: false,
    ...(p.proposal ? { pending: true } : {}),
  }));
}

const proposalCalls = z
  .array(z.custom<CalendarToolCall>((v) => typeof v === "object" && v !== null))
  .max(10);

/**
 * Takes the person's waiting proposal, exactly once (two Yes clicks or two servers run it
 * once): its calls, now cleared and the card marked with the answer. Undefined when none waits.
 */
export async function claimProposal(
  db: Db,
  userId: string,
  answer: "yes" | "no",
): Promise<CalendarToolCall[] | undefined> {
  const [waiting] = await db
    .select({ id: assistantActions.id, proposal: assistantActions.proposal })
    .from(assistantActions)
    .where(and(eq(assistantActions.userId, userId), isNotNull(assistantActions.proposal)))
    .orderBy(desc(assistantActions.createdAt))
    .limit(1);
  if (!waiting) return undefined;
  // claimed where it still waits: of two answers at once, one runs it
  const claimed = await db
    .update(assistantActions)
    .set({
      proposal: null,
      card: sql`${assistantActions.card} || ${JSON.stringify({ answer })}::jsonb`,
    })
    .where(and(eq(assistantActions.id, waiting.id), isNotNull(assistantActions.proposal)))
    .returning({ id: assistantActions.id });
  if (claimed.length === 0) return undefined;
  const row = waiting;
  const calls = proposalCalls.safeParse(row.proposal);
  return calls.success ? calls.data : undefined;
}

/**
 * Whether the person's newest waiting proposal belongs to the last reply of this
 * conversation: only then is a "yes" an answer to it.
 */
export async function proposalWaitsIn(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<boolean> {
  const [waiting] = await db
    .select({ messageId: assistantActions.messageId })
    .from(assistantActions)
    .where(and(eq(assistantActions.userId, userId), isNotNull(assistantActions.proposal)))
    .orderBy(desc(assistantActions.createdAt))
    .limit(1);
  if (!waiting?.messageId) return false;
  const [last] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, "assistant")))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return last?.id === waiting.messageId;
}

/** Drops any proposal still waiting (a newer one replaces it). */
async function dropProposal(db: Executor, userId: string) {
  await db
    .update(assistantActions)
    .set({ proposal: null })
    .where(and(eq(assistantActions.userId, userId), isNotNull(assistantActions.proposal)));
}

/** The person's most recent change through the assistant that is not undone yet. */
export async function lastUndoable(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: assistantActions.id })
    .from(assistantActions)
    .where(
      and(
        eq(assistantActions.userId, userId),
        isNull(assistantActions.undoneAt),
        sql`${assistantActions.card}->>'kind' <> 'proposed'`,
      ),
    )
    .orderBy(desc(assistantActions.createdAt))
    .limit(1);
  return row?.id;
}

/**
 * The cards of some messages, in the order they were made; a card whose change has been
 * changed again since says so (`changedSince`), from one read of the events it touched.
 */
export async function cardsByMessage(db: Db, userId: string, messageIds: string[]) {
  const byMessage = new Map<string, ActionCard[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(assistantActions)
    .where(
      and(inArray(assistantActions.messageId, messageIds), eq(assistantActions.userId, userId)),
    )
    .orderBy(assistantActions.createdAt);
  const live = rows.filter((r) => r.undoneAt === null).map((r) => stepsOf(r.undo));
  const current = await eventVersions(db, userId, live.flat());
  for (const row of rows) {
    const card = toCard(row);
    if (!card || !row.messageId) continue;
    if (card.kind === "proposed") card.pending = row.proposal !== null;
    if (!card.undone && !stepsOf(row.undo).every((step) => stillAsLeft(step, current)))
      card.changedSince = true;
    byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), card]);
  }
  return byMessage;
}

/** A stored card's undo steps; unreadable ones (older shapes) count as none. */
function stepsOf(undo: unknown): UndoStep[] {
  const parsed = undoSteps.safeParse(undo);
  return parsed.success ? parsed.data : [];
}

/** The events a step expects at a version: the ids and versions Undo will check. */
function expected(step: UndoStep): { id: string; version: number }[] {
  switch (step.op) {
    case "delete_event":
    case "restore_event":
    case "revert_event":
      return [{ id: step.id, version: step.version }];
    case "restore_occurrence":
      return [
        { id: step.seriesId, version: step.seriesVersion },
        ...(step.override ? [step.override] : []),
      ];
    default:
      return [];
  }
}

/**
 * The current version of each event the steps name, in one query (ids are the user's own;
 * at most the user's event cap). Deleted rows count: a restore expects one.
 */
async function eventVersions(db: Db, userId: string, steps: UndoStep[]) {
  const ids = [...new Set(steps.flatMap((s) => expected(s).map((e) => e.id)))];
  const versions = new Map<string, number>();
  if (ids.length === 0) return versions;
  const rows = await db
    .select({ id: calendarEvents.id, version: calendarEvents.version })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), inArray(calendarEvents.id, ids)));
  for (const r of rows) versions.set(r.id, r.version);
  return versions;
}

/** Undo would still find this step's events as the change left them. */
const stillAsLeft = (step: UndoStep, current: ReadonlyMap<string, number>) =>
  expected(step).every((e) => current.get(e.id) === e.version);

export function toCard(row: typeof assistantActions.$inferSelect): ActionCard | undefined {
  const parsed = actionCard.safeParse({
    ...(row.card as object),
    id: row.id,
    undone: row.undoneAt !== null,
  });
  return parsed.success ? parsed.data : undefined;
}

const CHANGED_SINCE = "This has been changed since, so I've left it as it is now.";

/**
 * Undoes one of the user's actions exactly, in one transaction: every step is applied or
 * none. Idempotent: the action is claimed by setting undone_at where it is still null, so two
 * Undo clicks (or two servers) undo once; the second answers the undone card. Another user's
 * action → 404. An event changed since the action → 409, and nothing is touched.
 */
export async function undoAction(
  db: Db,
  opts: { userId: string; actionId: string },
): Promise<{ card: ActionCard; calendarChanged: boolean }> {
  return db.transaction(async (tx) => {
    const mine = and(
      eq(assistantActions.id, opts.actionId),
      eq(assistantActions.userId, opts.userId),
    );
    const [claimed] = await tx
      .update(assistantActions)
      .set({ undoneAt: sql`now()` })
      .where(and(mine, isNull(assistantActions.undoneAt)))
      .returning();
    if (!claimed) {
      const [done] = await tx
        .select()
        .from(assistantActions)
        .where(and(mine, isNotNull(assistantActions.undoneAt)));
      const card = done && toCard(done);
      if (!card) throw notFound("Action not found");
      return { card, calendarChanged: false };
    }
    if ((claimed.card as { kind?: string }).kind === "proposed")
      throw new AppError(
        409,
        "conflict",
        "A proposal changed nothing, so there is nothing to undo.",
      );
    const steps = undoSteps.parse(claimed.undo);
    for (const step of [...steps].reverse()) await applyStep(tx, opts.userId, step);
    return { card: toCard(claimed)!, calendarChanged: true };
  });
}

async function applyStep(db: Executor, userId: string, step: UndoStep) {
  if (step.op === "propose_routine") return;
  if (step.op === "delete_routine") return removeRoutine(db, userId, step.id);
  if (step.op === "unskip_routine")
    return unskipRoutineDay(db, { userId, routineId: step.id, date: step.date });
  if (step.op === "revert_routine") return revertRoutine(db, userId, step);
  if (step.op === "delete_task" || step.op === "reopen_task")
    return applyTaskStep(db, userId, step);
  if (step.op === "restore_occurrence") return restoreOccurrence(db, userId, step);
  if (step.op === "undo_check_in") return undoCheckIn(db, userId, step);
  const own = and(
    eq(calendarEvents.id, step.id),
    eq(calendarEvents.userId, userId),
    eq(calendarEvents.version, step.version),
  );
  const bump = { version: sql`${calendarEvents.version} + 1`, updatedAt: sql`now()` };
  let done: unknown[];
  if (step.op === "delete_event") {
    done = await db
      .update(calendarEvents)
      .set({ ...bump, deletedAt: sql`now()` })
      .where(and(own, isNull(calendarEvents.deletedAt)))
      .returning({ id: calendarEvents.id });
  } else if (step.op === "restore_event") {
    done = await db
      .update(calendarEvents)
      .set({ ...bump, deletedAt: null })
      .where(and(own, isNotNull(calendarEvents.deletedAt)))
      .returning({ id: calendarEvents.id });
  } else {
    done = await db
      .update(calendarEvents)
      .set({
        ...bump,
        startTime: new Date(step.before.startTime),
        endTime: step.before.endTime ? new Date(step.before.endTime) : null,
        source: step.before.source,
        ...(step.before.exdates ? { exdates: step.before.exdates } : {}),
      })
      .where(and(own, isNull(calendarEvents.deletedAt)))
      .returning({ id: calendarEvents.id });
    // the series' edited occurrences back in the places they replaced
    for (const o of done.length ? (step.before.overrides ?? []) : []) {
      await db
        .update(calendarEvents)
        .set({ ...bump, recurrenceId: new Date(o.recurrenceId) })
        .where(
          and(
            eq(calendarEvents.id, o.id),
            eq(calendarEvents.seriesId, step.id),
            eq(calendarEvents.userId, userId),
            isNull(calendarEvents.deletedAt),
          ),
        );
    }
  }
  if (done.length === 0) throw new AppError(409, "conflict", CHANGED_SINCE);
}

/**
 * Undoes an added task (it becomes a tombstone, like a delete, so a replay cannot bring it
 * back; already deleted → nothing to do) or a completed one (open again). Its blocks are left
 * to the steps of the cards that made them, so undoing a plan card later still finds them.
 * A deleted task is never reopened: the person deleted it after the assistant's change, so
 * that Undo answers 409 and touches nothing (the blocks it would restore stay gone too).
 */
async function applyTaskStep(
  db: Executor,
  userId: string,
  step: Extract<UndoStep, { op: "delete_task" | "reopen_task" }>,
) {
  const live = and(eq(tasks.id, step.id), eq(tasks.userId, userId), isNull(tasks.deletedAt));
  if (step.op === "delete_task") {
    await db.update(tasks).set(taskTombstone()).where(live);
    return;
  }
  const reopened = await db
    .update(tasks)
    .set({ status: "open", updatedAt: sql`now()` })
    .where(live)
    .returning({ id: tasks.id });
  if (reopened.length === 0) throw new AppError(409, "conflict", CHANGED_SINCE);
}

/** Undoes a change to one occurrence; 409 when the series or the override changed since. */
async function restoreOccurrence(
  db: Executor,
  userId: string,
  step: Extract<UndoStep, { op: "restore_occurrence" }>,
) {
  const bump = { version: sql`${calendarEvents.version} + 1`, updatedAt: sql`now()` };
  if (step.override) {
    const gone = await db
      .update(calendarEvents)
      .set({ ...bump, deletedAt: sql`now()` })
      .where(
        and(
          eq(calendarEvents.id, step.override.id),
          eq(calendarEvents.userId, userId),
          eq(calendarEvents.version, step.override.version),
          isNull(calendarEvents.deletedAt),
        ),
      )
      .returning({ id: calendarEvents.id });
    if (gone.length === 0) throw new AppError(409, "conflict", CHANGED_SINCE);
  }
  const at = Date.parse(step.occurrence);
  const [series] = await db
    .select({ exdates: calendarEvents.exdates })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.id, step.seriesId),
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.version, step.seriesVersion),
        isNull(calendarEvents.deletedAt),
      ),
    );
  if (!series) throw new AppError(409, "conflict", CHANGED_SINCE);
  await db
    .update(calendarEvents)
    .set({ ...bump, exdates: series.exdates.filter((d) => Date.parse(d) !== at) })
    .where(eq(calendarEvents.id, step.seriesId));
}
