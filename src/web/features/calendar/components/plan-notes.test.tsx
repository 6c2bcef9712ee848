import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanNote } from "../../../../core/contract/plan-notes.ts";
import { PlanNotes } from "./plan-notes.tsx";

afterEach(cleanup);

const note = (over: Partial<PlanNote> = {}): PlanNote => ({
  id: "11111111-1111-4111-8111-111111111111",
  kind: "removed_in_calendar",
  text: "You removed “Draft the budget” from your calendar; I'll find it another time — or tell me to drop it.",
  taskId: "22222222-2222-4222-8222-222222222222",
  undoable: false,
  createdAt: "2026-11-26T09:00:00.000Z",
  ...over,
});

describe("PlanNotes", () => {
  it("says what happened and offers to keep it or drop the task", () => {
    const onDismiss = vi.fn();
    const onDrop = vi.fn();
    render(
      <PlanNotes
        notes={[note()]}
        online
        busy={false}
        onDismiss={onDismiss}
        onDrop={onDrop}
        onUndo={() => {}}
      />,
    );
    const list = screen.getByRole("list", { name: "Notes from Sage" });
    expect(list.textContent).toContain("You removed “Draft the budget” from your calendar");
    fireEvent.click(screen.getByRole("button", { name: "Drop the task" }));
    expect(onDrop).toHaveBeenCalledWith(note());
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onDismiss).toHaveBeenCalledWith(note());
  });

  it("a note whose task is gone offers no drop; offline nothing can be pressed; none, nothing", () => {
    const { rerender } = render(
      <PlanNotes
        notes={[note({ taskId: null })]}
        online={false}
        busy={false}
        onDismiss={() => {}}
        onDrop={() => {}}
        onUndo={() => {}}
      />,
    );
    expect(screen.queryByRole("button", { name: "Drop the task" })).toBeNull();
    expect(screen.getByRole("button", { name: "OK" })).toHaveProperty("disabled", true);
    rerender(
      <PlanNotes
        notes={[]}
        online
        busy={false}
        onDismiss={() => {}}
        onDrop={() => {}}
        onUndo={() => {}}
      />,
    );
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("an automatic move says where and why, and offers Undo instead of dropping the task", () => {
    const onUndo = vi.fn();
    const moved = note({
      kind: "moved",
      text: "Moved “Quarterly report” to Wed 09:00 — “Surprise client call” took its time.",
      undoable: true,
    });
    render(
      <PlanNotes
        notes={[moved]}
        online
        busy={false}
        onDismiss={() => {}}
        onDrop={() => {}}
        onUndo={onUndo}
      />,
    );
    expect(screen.getByRole("list", { name: "Notes from Sage" }).textContent).toContain(
      "“Surprise client call” took its time",
    );
    expect(screen.queryByRole("button", { name: "Drop the task" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(onUndo).toHaveBeenCalledWith(moved);
  });
});
