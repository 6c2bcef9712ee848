import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TodayItem } from "../../../../core/contract/today.ts";
import { BlockRow } from "./block-row.tsx";

afterEach(cleanup);

const block = (over: Partial<TodayItem> = {}): TodayItem => ({
  kind: "block",
  id: "11111111-1111-4111-8111-111111111111",
  occurrence: null,
  title: "Write the report",
  // 09:00–09:50 in Berlin
  start: "2031-03-04T08:00:00.000Z",
  end: "2031-03-04T08:50:00.000Z",
  allDay: false,
  from: "sage",
  taskId: "22222222-2222-4222-8222-222222222222",
  checkIn: null,
  ...over,
});

/** 09:30 in Berlin, while the block above runs. */
const DURING = new Date("2031-03-04T08:30:00.000Z");

const renderRow = (
  item: TodayItem,
  more: { online?: boolean; askedElsewhere?: boolean; now?: Date } = {},
) => {
  const onCheckIn = vi.fn();
  const onMove = vi.fn();
  render(
    <BlockRow
      item={item}
      zone="Europe/Berlin"
      now={more.now ?? DURING}
      online={more.online ?? true}
      busy={false}
      onCheckIn={onCheckIn}
      onMove={onMove}
      askedElsewhere={more.askedElsewhere ?? false}
    />,
  );
  return { onCheckIn, onMove };
};

describe("BlockRow", () => {
  it("says why the block is where it is", () => {
    renderRow(block({ why: "Your peak (9–12) — the hardest work of the day" }));
    expect(screen.getByText("Your peak (9–12) — the hardest work of the day")).toBeTruthy();
  });

  it("Done and Skip say so at once", () => {
    const { onCheckIn } = renderRow(block());
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onCheckIn).toHaveBeenLastCalledWith("done");
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(onCheckIn).toHaveBeenLastCalledWith("skipped");
  });

  it("of a block not yet begun asks only what can be said ahead: done already, skip, move", () => {
    const { onCheckIn } = renderRow(block(), { now: new Date("2031-03-04T07:30:00.000Z") });
    expect(screen.queryByRole("button", { name: "Partly" })).toBeNull();
    expect(screen.getByRole("button", { name: "Move" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done already" }));
    expect(onCheckIn).toHaveBeenLastCalledWith("done");
    cleanup();
    // ten minutes before it begins counts as begun (people start a little early)
    renderRow(block(), { now: new Date("2031-03-04T07:50:00.000Z") });
    expect(screen.getByRole("button", { name: "Partly" })).toBeTruthy();
  });

  it("after Done, asks how long the task took and checks in again with the minutes", () => {
    const { onCheckIn } = renderRow(block({ checkIn: { outcome: "done", minutes: null } }));
    fireEvent.click(screen.getByRole("button", { name: "How long did “Write the report” take?" }));
    const minutes = screen.getByLabelText("Minutes it took") as HTMLInputElement;
    expect(minutes.value).toBe("50"); // the block's length to start with
    fireEvent.change(minutes, { target: { value: "75" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onCheckIn).toHaveBeenCalledWith("done", 75);
    cleanup();
    // said already, or a routine's session (no estimate to learn): not asked
    renderRow(block({ checkIn: { outcome: "done", minutes: 75 } }));
    expect(screen.getByText("Done — took 1 h 15")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /How long did/ })).toBeNull();
    cleanup();
    renderRow(block({ taskId: null, checkIn: { outcome: "done", minutes: null } }));
    expect(screen.queryByRole("button", { name: /How long did/ })).toBeNull();
  });

  it("Partly asks how many minutes were done, then checks in with them", () => {
    const { onCheckIn } = renderRow(block());
    fireEvent.click(screen.getByRole("button", { name: "Partly" }));
    fireEvent.change(screen.getByLabelText("Minutes done"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onCheckIn).toHaveBeenCalledWith("partly", 20);
    expect(screen.getByRole("button", { name: "Done" })).toBeTruthy();
  });

  it("Move takes a new start time on the same day, in the person's zone", () => {
    const { onMove } = renderRow(block());
    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    fireEvent.change(screen.getByLabelText("New start time"), { target: { value: "14:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Move here" }));
    expect((onMove.mock.calls[0]![0] as Date).toISOString()).toBe("2031-03-04T13:30:00.000Z");
  });

  it("a block checked in says how, and Change asks again", () => {
    const { onCheckIn } = renderRow(block({ checkIn: { outcome: "partly", minutes: 20 } }));
    expect(screen.getByText("Partly — 20 min done; the rest is planned again")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Done" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Change what you said/ }));
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onCheckIn).toHaveBeenCalledWith("done");
  });

  it("offline, nothing can be said; asked elsewhere, no buttons here", () => {
    renderRow(block(), { online: false });
    expect((screen.getByRole("button", { name: "Done" }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderRow(block(), { askedElsewhere: true });
    expect(screen.queryByRole("button", { name: "Done" })).toBeNull();
  });
});
