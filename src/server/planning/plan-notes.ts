import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { PLAN_NOTES_SHOWN, type PlanNote, planNoteText } from "../../core/contract/plan-notes.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents, checkIns, planNotes, tasks } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { steer } from "../learning/learned-model.ts";
import { requestReplan } from "./replan-worker.ts";

/**
 * The person's newest plan notes not yet dismissed (at most PLAN_NOTES_SHOWN: one read, of
 * an indexed range). `taskId` only while the task is still there to drop.
 */
export async function listPlanNotes(db: Db, userId: string): Promise<PlanNote[]> {
  const rows = await db
    .select({ note: planNotes, taskLive: tasks.id })
    .from(planNotes)
    .leftJoin(tasks, and(eq(tasks.id, planNotes.taskId), isNull(tasks.deletedAt)))
    .where(and(eq(planNotes.userId, userId), isNull(planNotes.dismissedAt)))
    .orderBy(desc(planNotes.createdAt), desc(planNotes.id))
    .limit(PLAN_NOTES_SHOWN);
  return rows.map(({ note, taskLive }) => ({
    id: note.id,
    kind: note.kind,
    text: planNoteText(note),
    taskId: taskLive ?? null,
    undoable: note.undo !== null && note.undoneAt === null,
    createdAt: note.createdAt.toISOString(),
  }));
}

/**
 * Undoes an automatic move: its new blocks go and its old ones come back where they were —
 * now the person's (source 'user'), so the next re-plan leaves them there even where an event
 * overlaps them: the person chose that. Idempotent; anyone else's id is a 404, a note with
 * nothing to undo a 409. A move whose new block has changed since — the person checked it in,
 * skipped, moved or removed it, or a later re-plan moved it again — is not put back: that
 * would bring back work already decided about, or a second copy of it. The note is put away
 * and "stale" is answered (the route says 409).
 */
export async function undoPlanNote(
  db: Db,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<"undone" | "stale"> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .select({ undo: planNotes.undo, undoneAt: planNotes.undoneAt })
      .from(planNotes)
      .where(and(eq(planNotes.id, id), eq(planNotes.userId, userId)))
      .for("update");
    if (!note) throw notFound("Note not found");
    if (!note.undo) throw new AppError(409, "conflict", "This note has nothing to undo.");
    if (note.undoneAt) return "undone";
    if (note.undo.learned) {
      // something learned: forget the evidence behind it; the plan follows (decision 036)
      await steer(tx, { userId, key: note.undo.learned, action: "undo", now });
      await requestReplan(tx, userId);
      await tx
        .update(planNotes)
        .set({ undoneAt: sql`now()`, dismissedAt: sql`now()` })
        .where(eq(planNotes.id, id));
      return "undone";
    }
    if (await dealtWith(tx, userId, note.undo.created)) {
      await tx.update(planNotes).set({ dismissedAt: sql`now()` }).where(eq(planNotes.id, id));
      return "stale";
    }
    const bump = { updatedAt: sql`now()`, version: sql`${calendarEvents.version} + 1` };
    const mine = (ids: string[]) =>
      and(
        eq(calendarEvents.userId, userId),
        inArray(calendarEvents.id, ids),
        eq(calendarEvents.source, "assistant"),
        or(isNotNull(calendarEvents.taskId), isNotNull(calendarEvents.routineId)),
      );
    if (note.undo.created.length > 0)
      await tx
        .update(calendarEvents)
        .set({ deletedAt: sql`now()`, ...bump })
        .where(and(mine(note.undo.created), isNull(calendarEvents.deletedAt)));
    if (note.undo.removed.length > 0)
      await tx
        .update(calendarEvents)
        .set({ deletedAt: null, source: "user", why: null, ...bump })
        .where(mine(note.undo.removed));
    await tx
      .update(planNotes)
      .set({ undoneAt: sql`now()`, dismissedAt: sql`now()` })
      .where(eq(planNotes.id, id));
    return "undone";
  });
}

/**
 * Whether any of the blocks a move wrote has changed since: one is gone (skipped, deleted,
 * moved again by a re-plan), the person's now (moved or edited) or checked in. Bounded by the
 * note's own ids.
 */
async function dealtWith(db: Db, userId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const rows = await db
    .select({
      deletedAt: calendarEvents.deletedAt,
      source: calendarEvents.source,
      checked: checkIns.id,
    })
    .from(calendarEvents)
    .leftJoin(checkIns, eq(checkIns.eventId, calendarEvents.id))
    .where(and(eq(calendarEvents.userId, userId), inArray(calendarEvents.id, ids)));
  return (
    rows.length < ids.length ||
    rows.some((r) => r.deletedAt !== null || r.source !== "assistant" || r.checked !== null)
  );
}

/** Dismisses one of the person's notes; idempotent. Anyone else's id is a 404. */
export async function dismissPlanNote(db: Db, userId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ dismissedAt: planNotes.dismissedAt })
    .from(planNotes)
    .where(and(eq(planNotes.id, id), eq(planNotes.userId, userId)));
  if (!row) throw notFound("Note not found");
  if (row.dismissedAt) return;
  await db
    .update(planNotes)
    .set({ dismissedAt: new Date() })
    .where(and(eq(planNotes.id, id), eq(planNotes.userId, userId)));
}
