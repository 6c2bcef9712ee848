import type { EventDraft, LocalEvent } from "../../../../core/calendar/local-event.ts";
import type { PlanResponse } from "../../../../core/contract/tasks.ts";
import type { GridItem } from "./week-layout.ts";

/** A change to one occurrence of a repeating event, waiting for its scope. */
export type Pending =
  | { kind: "change"; item: GridItem; draft: EventDraft }
  | { kind: "delete"; item: GridItem };

export type Proposal = { plan: PlanResponse; thrown: ReadonlySet<string> };

/**
 * What a side column (or, on a phone, the screen's tab) shows beside the grid: the grid itself
 * (phones only), the tasks and "Plan my week", or the connected calendars and the feed.
 */
export type CalendarTab = "calendar" | "tasks" | "calendars";

/**
 * Everything /calendar holds that the address does not (the view and the date live in the
 * address: a reload or a shared link keeps them).
 */
export type CalendarScreenState = {
  tab: CalendarTab;
  now: Date;
  /** The last thing said to a screen reader (and nothing else). */
  message: string;
  dialog: { open: boolean; item: GridItem | null; slot: { start: Date; end: Date } | null };
  pending: Pending | null;
  /** The last plan made here (the side panel's summary stands for it), until undone. */
  plan: PlanResponse | null;
  /**
   * The last plan made here that changed the calendar: its new blocks are outlined and Undo
   * plan takes it back. A plan that changed nothing leaves it standing.
   */
  undoable: PlanResponse | null;
  proposal: Proposal | null;
  undoing: boolean;
  /** An event from the list waiting for its delete to be confirmed. */
  deleting: LocalEvent | null;
};

export type CalendarScreenAction =
  | { type: "tab"; tab: CalendarTab }
  | { type: "tick"; now: Date }
  | { type: "announce"; message: string }
  | { type: "openDialog"; item: GridItem | null; slot?: { start: Date; end: Date } | null }
  | { type: "closeDialog" }
  | { type: "ask-scope"; pending: Pending | null }
  | { type: "planned"; plan: PlanResponse }
  | { type: "proposed"; proposal: Proposal | null }
  | { type: "undo-start" }
  | { type: "undo-done"; deleted: number; restored: number }
  | { type: "undo-failed"; reason: string }
  | { type: "confirm-delete"; event: LocalEvent | null };

export function initialCalendarScreen(opts: { now: Date; tab?: CalendarTab }): CalendarScreenState {
  return {
    tab: opts.tab ?? "calendar",
    now: opts.now,
    message: "",
    dialog: { open: false, item: null, slot: null },
    pending: null,
    plan: null,
    undoable: null,
    proposal: null,
    undoing: false,
    deleting: null,
  };
}

/** The tab the address asks for (`?panel=calendars`, where Google's consent comes back). */
export function tabFromAddress(params: URLSearchParams): CalendarTab {
  const panel = params.get("panel");
  return panel === "tasks" || panel === "calendars" ? panel : "calendar";
}

const blocks = (n: number, what = "") => `${n} ${what}${n === 1 ? "block" : "blocks"}`;

/** Whether a plan wrote or removed anything (Undo stands only for a plan that did). */
export const planChanged = (plan: PlanResponse): boolean =>
  plan.changes.created.length + plan.changes.removed.length > 0;

/**
 * What Plan my week did, in words: the blocks it wrote (outlined until undone) and the ones
 * already in place, or that the calendar held the plan already.
 */
export function plannedMessage(plan: PlanResponse): string {
  const fresh = plan.placed.filter((b) => !b.kept).length;
  const kept = plan.placed.length - fresh;
  if (!planChanged(plan))
    return plan.placed.length > 0
      ? "Your calendar already holds this plan: nothing changed."
      : "There's nothing open to plan right now.";
  const beside = kept > 0 ? ` beside ${kept} already in place` : "";
  return `Planned ${blocks(fresh, "new ")}${beside}; the new ones are outlined in the calendar.`;
}

/** Pure: the next state of /calendar (the screen's effects — sync, undo calls — stay outside). */
export function calendarScreenReducer(
  state: CalendarScreenState,
  action: CalendarScreenAction,
): CalendarScreenState {
  switch (action.type) {
    case "tab":
      return { ...state, tab: action.tab };
    case "tick":
      return { ...state, now: action.now };
    case "announce":
      return { ...state, message: action.message };
    case "openDialog":
      return { ...state, dialog: { open: true, item: action.item, slot: action.slot ?? null } };
    case "closeDialog":
      // the item stays while the dialog animates out
      return { ...state, dialog: { ...state.dialog, open: false } };
    case "ask-scope":
      return { ...state, pending: action.pending };
    case "planned":
      return {
        ...state,
        plan: action.plan,
        undoable: planChanged(action.plan) ? action.plan : state.undoable,
        tab: "calendar",
        message: plannedMessage(action.plan),
      };
    case "proposed": {
      const p = action.proposal;
      // announced when it arrives, not each time the person throws a block back
      // gone (accepted, discarded): its "Sage proposes …" is no longer true
      if (!p) return { ...state, proposal: null, message: state.proposal ? "" : state.message };
      if (p.thrown.size > 0) return { ...state, proposal: p };
      const fresh = p.plan.placed.filter((b) => !b.kept).length;
      return {
        ...state,
        proposal: p,
        message:
          p.plan.placed.length === 0
            ? "There's nothing open to plan right now."
            : fresh === 0
              ? "Your calendar already holds this plan: nothing new to propose."
              : `Sage proposes ${blocks(fresh, "new ")}, drawn dashed in the calendar. Nothing is written until you accept.`,
      };
    }
    case "undo-start":
      return { ...state, undoing: true };
    case "undo-done":
      return {
        ...state,
        undoing: false,
        plan: null,
        undoable: null,
        message: `Plan undone: ${action.deleted} new blocks removed, ${action.restored} earlier blocks back.`,
      };
    case "undo-failed":
      return { ...state, undoing: false, message: `Couldn't undo the plan: ${action.reason}` };
    case "confirm-delete":
      return { ...state, deleting: action.event };
  }
}
