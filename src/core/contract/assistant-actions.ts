import { z } from "zod";

/** One thing a card is about: an event (or planned block), or a task. Instants are ISO. */
export const actionItem = z.object({
  title: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** For a move: where it was. */
  before: z.object({ start: z.string(), end: z.string().nullable() }).optional(),
  /** "every Monday", "weekdays until 18 Dec" — said in words for a series. */
  repeat: z.string().optional(),
  /**
   * Why a planned block sits where it does ("your peak, before the 10:00 meeting"); for a
   * check-in, what the person said of the block ("Done", "Skipped", "30 min done").
   */
  why: z.string().optional(),
});
export type ActionItem = z.infer<typeof actionItem>;

/**
 * A change the assistant made, shown under its reply with Undo. `conflicts` are the events
 * the change now overlaps (flagged, never silently accepted).
 */
export const actionCard = z.object({
  id: z.uuid(),
  kind: z.enum([
    "created",
    "moved",
    "cancelled",
    "planned",
    "tasks_added",
    "task_done",
    "checked_in",
    /** What the assistant understood, written only on Yes (issue 28). */
    "proposed",
    /** A routine proposed from chat (issue 29): nothing written until Yes (accept). */
    "routine_proposed",
    /** A proposed routine the person said Yes to: it exists, its sessions are placed. */
    "routine_added",
    /** One day's session of a routine let go ("skip gym today"); Undo takes the skip back. */
    "routine_skipped",
    /** A routine's window, length or times a week changed from chat; Undo puts it back. */
    "routine_changed",
  ]),
  items: z.array(actionItem),
  conflicts: z.array(z.object({ title: z.string(), start: z.string(), end: z.string() })),
  undone: z.boolean(),
  /**
   * What it changed has been changed again since (a re-plan moved the block, the person
   * edited or deleted it): its times are history and Undo would refuse, so none is offered.
   */
  changedSince: z.boolean().optional(),
  /** A proposal still waiting for Yes or No (only the newest one ever is). */
  pending: z.boolean().optional(),
  /** How a proposal was answered. */
  answer: z.enum(["yes", "no"]).optional(),
});
export type ActionCard = z.infer<typeof actionCard>;

export const undoActionResponse = z.object({
  card: actionCard,
  /** The calendar changed (the panel refreshes); false when it was already undone. */
  calendarChanged: z.boolean(),
});
export type UndoActionResponse = z.infer<typeof undoActionResponse>;
