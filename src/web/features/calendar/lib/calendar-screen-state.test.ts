import { describe, expect, it } from "vitest";
import type { PlanResponse } from "../../../../core/contract/tasks.ts";
import {
  initialCalendarScreen,
  planChanged,
  calendarScreenReducer as reduce,
  tabFromAddress,
} from "./calendar-screen-state.ts";
import type { GridItem } from "./week-layout.ts";

const NOW = new Date("2026-11-26T09:00:00Z");
const start = initialCalendarScreen({ now: NOW });

const block = (kept: boolean) => ({
  taskId: "6f1c1f5e-0000-4000-8000-000000000001",
  start: "2026-11-26T10:00:00Z",
  end: "2026-11-26T11:00:00Z",
  kept,
});
const plan = (placed: ReturnType<typeof block>[], created = placed.filter((b) => !b.kept).length) =>
  ({
    placed,
    unplaced: [],
    changes: { created: Array.from({ length: created }, (_, i) => `e${i}`), removed: [] },
  }) as unknown as PlanResponse;
const item = { key: "e1", event: { id: "e1", title: "Gym" } } as unknown as GridItem;

describe("calendarScreenReducer", () => {
  it("starts on the grid with nothing open", () => {
    expect(start).toMatchObject({ tab: "calendar", message: "", pending: null, plan: null });
    expect(start.dialog).toEqual({ open: false, item: null, slot: null });
  });

  it("opens the tab the address asks for, and only a known one", () => {
    expect(tabFromAddress(new URLSearchParams("panel=calendars"))).toBe("calendars");
    expect(tabFromAddress(new URLSearchParams("panel=tasks"))).toBe("tasks");
    expect(tabFromAddress(new URLSearchParams("panel=calendar&connected=google"))).toBe("calendar");
    expect(tabFromAddress(new URLSearchParams("panel=nope"))).toBe("calendar");
  });

  it("keeps the item while the dialog closes, so its content does not vanish mid-animation", () => {
    const open = reduce(start, { type: "openDialog", item });
    expect(open.dialog).toEqual({ open: true, item, slot: null });
    expect(reduce(open, { type: "closeDialog" }).dialog).toEqual({
      open: false,
      item,
      slot: null,
    });
  });

  it("opens a new event's dialog on the slot drawn", () => {
    const slot = { start: NOW, end: new Date(NOW.getTime() + 3600_000) };
    expect(reduce(start, { type: "openDialog", item: null, slot }).dialog).toEqual({
      open: true,
      item: null,
      slot,
    });
  });

  it("a plan goes back to the grid, stands for undo and is announced", () => {
    const onTasks = reduce(start, { type: "tab", tab: "tasks" });
    const next = reduce(onTasks, { type: "planned", plan: plan([block(false), block(true)]) });
    expect(next.tab).toBe("calendar");
    expect(next.plan?.placed).toHaveLength(2);
    expect(next.message).toBe(
      "Planned 1 new block beside 1 already in place; the new ones are outlined in the calendar.",
    );
    expect(planChanged(next.plan!)).toBe(true);
  });

  it("a plan the calendar already held says so, and offers no Undo", () => {
    const held = reduce(start, { type: "planned", plan: plan([block(true), block(true)]) });
    expect(held.message).toBe("Your calendar already holds this plan: nothing changed.");
    expect(planChanged(held.plan!)).toBe(false);
    expect(held.undoable).toBeNull();
    // right after a plan that changed the calendar, one that changed nothing keeps its Undo
    const changed = reduce(start, { type: "planned", plan: plan([block(false)]) });
    const after = reduce(changed, { type: "planned", plan: plan([block(true)]) });
    expect(after.undoable).toBe(changed.plan);
    expect(
      reduce(reduce(after, { type: "undo-start" }), { type: "undo-done", deleted: 1, restored: 0 })
        .undoable,
    ).toBeNull();
    expect(reduce(start, { type: "planned", plan: plan([]) }).message).toBe(
      "There's nothing open to plan right now.",
    );
    // blocks moved (none new, some removed) are a change
    const moved = plan([block(true)], 0);
    moved.changes.removed.push("old");
    expect(planChanged(moved)).toBe(true);
  });

  it("announces a proposal once, counting only its new blocks", () => {
    const p = { plan: plan([block(false), block(true)]), thrown: new Set<string>() };
    const shown = reduce(start, { type: "proposed", proposal: p });
    expect(shown.message).toBe(
      "Sage proposes 1 new block, drawn dashed in the calendar. Nothing is written until you accept.",
    );
    const thrown = reduce(
      { ...shown, message: "" },
      { type: "proposed", proposal: { ...p, thrown: new Set(["x"]) } },
    );
    expect(thrown.proposal?.thrown.size).toBe(1);
    expect(thrown.message).toBe("");
    const gone = reduce(shown, { type: "proposed", proposal: null });
    expect(gone.proposal).toBeNull();
    // its "Sage proposes …" is no longer true once it is gone
    expect(gone.message).toBe("");
    const held = { plan: plan([block(true)]), thrown: new Set<string>() };
    expect(reduce(start, { type: "proposed", proposal: held }).message).toBe(
      "Your calendar already holds this plan: nothing new to propose.",
    );
    const none = { plan: plan([]), thrown: new Set<string>() };
    expect(reduce(start, { type: "proposed", proposal: none }).message).toBe(
      "There's nothing open to plan right now.",
    );
  });

  it("an undone plan is gone and says what it took back", () => {
    const planned = reduce(start, { type: "planned", plan: plan([block(false)]) });
    const busy = reduce(planned, { type: "undo-start" });
    expect(busy.undoing).toBe(true);
    const done = reduce(busy, { type: "undo-done", deleted: 3, restored: 1 });
    expect(done).toMatchObject({ undoing: false, plan: null });
    expect(done.message).toBe("Plan undone: 3 new blocks removed, 1 earlier blocks back.");
  });

  it("a failed undo keeps the plan and says why", () => {
    const planned = reduce(start, { type: "planned", plan: plan([block(false)]) });
    const failed = reduce(reduce(planned, { type: "undo-start" }), {
      type: "undo-failed",
      reason: "offline",
    });
    expect(failed.plan).not.toBeNull();
    expect(failed.undoing).toBe(false);
    expect(failed.message).toBe("Couldn't undo the plan: offline");
  });

  it("holds a repeating event's change until its scope is chosen", () => {
    const pending = { kind: "delete" as const, item };
    expect(reduce(start, { type: "ask-scope", pending }).pending).toBe(pending);
    expect(
      reduce(reduce(start, { type: "ask-scope", pending }), { type: "ask-scope", pending: null })
        .pending,
    ).toBeNull();
  });
});
