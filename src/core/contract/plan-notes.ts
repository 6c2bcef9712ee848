import { z } from "zod";

/** What a plan note is about. */
export const PLAN_NOTE_KINDS = [
  "removed_in_calendar",
  "moved",
  "unplaced",
  "learned",
  "routine_short",
] as const;
export type PlanNoteKind = (typeof PLAN_NOTE_KINDS)[number];

/** The sentence a note says, in Sage's voice: what happened and what Sage will do, no blame. */
export function planNoteText(note: {
  kind: PlanNoteKind;
  title: string;
  detail: string | null;
}): string {
  switch (note.kind) {
    case "removed_in_calendar":
      return `You removed “${note.title}” from your calendar; I'll find it another time — or tell me to drop it.`;
    case "moved":
      // detail: "to Wed 9:00 — “Surprise client call” took its time"
      return `Moved “${note.title}” ${note.detail ?? "to a new time"}.`;
    case "unplaced":
      // detail: the scheduler's reason, a sentence
      return `“${note.title}” no longer fits: ${note.detail ?? "there is no free time left for it"}`;
    case "routine_short":
      // detail: how many of a routine's sessions a week could hold, and why (issue 29)
      // "For “Gym”, 1 of its 3 sessions fit this week, as …"
      return `For “${note.title}”, ${note.detail ?? "not every session fit this week."}`;
    case "learned":
      // detail: what Sage learned and what it now does (src/core/learning/learn.ts)
      return `Learned from what you do: ${note.detail ?? "how you work changed your plan."}`;
  }
}

export const planNote = z.object({
  id: z.uuid(),
  kind: z.enum(PLAN_NOTE_KINDS),
  text: z.string(),
  /** The task the note is about, when it still exists (to drop it from the note). */
  taskId: z.uuid().nullable(),
  /**
   * An automatic move that Undo can still put back, or something learned that Undo forgets
   * (POST /api/plan/notes/:id/undo).
   */
  undoable: z.boolean(),
  createdAt: z.string(),
});
export type PlanNote = z.infer<typeof planNote>;

/** The newest notes not dismissed, at most PLAN_NOTES_SHOWN. */
export const planNotesResponse = z.object({ notes: z.array(planNote) });
export const PLAN_NOTES_SHOWN = 20;
