import { and, desc, eq, isNull } from "drizzle-orm";
import { PLAN_NOTES_SHOWN, type PlanNote, planNoteText } from "../../core/contract/plan-notes.ts";
import type { Db } from "../db/client.ts";
import { planNotes, tasks } from "../db/schema.ts";
import { notFound } from "../errors.ts";

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
    createdAt: note.createdAt.toISOString(),
  }));
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
