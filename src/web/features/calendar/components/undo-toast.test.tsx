import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Done, TOAST_MS, UndoToast } from "./undo-toast.tsx";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show(done: Done | null) {
  const onUndo = vi.fn();
  const onClose = vi.fn();
  const view = render(<UndoToast done={done} onUndo={onUndo} onClose={onClose} />);
  return { onUndo, onClose, view };
}

describe("UndoToast", () => {
  it("says what happened, offers Undo when it can be taken back, and goes after a while", () => {
    const done = { id: 1, text: "Deleted Dentist.", undo: () => {} };
    const { onUndo, onClose } = show(done);
    expect(screen.getByRole("region", { name: "Last change" }).textContent).toContain(
      "Deleted Dentist.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(onUndo).toHaveBeenCalledWith(done);
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("has no Undo for what cannot be taken back, and Dismiss closes it", () => {
    const { onClose } = show({ id: 2, text: "Deleted Write proposal." });
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("stays while focus is on it, and goes a while after focus leaves", () => {
    const { onClose } = show({ id: 3, text: "Added Dentist.", undo: () => {} });
    fireEvent.focus(screen.getByRole("button", { name: "Undo" }));
    act(() => vi.advanceTimersByTime(TOAST_MS * 3));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.blur(screen.getByRole("button", { name: "Undo" }));
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("a new change starts its time afresh, and nothing shows without one", () => {
    const { onClose, view } = show({ id: 4, text: "Added A." });
    act(() => vi.advanceTimersByTime(TOAST_MS - 1000));
    view.rerender(
      <UndoToast done={{ id: 5, text: "Added B." }} onUndo={() => {}} onClose={onClose} />,
    );
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    view.rerender(<UndoToast done={null} onUndo={() => {}} onClose={onClose} />);
    expect(screen.queryByRole("region", { name: "Last change" })).toBeNull();
  });
});
