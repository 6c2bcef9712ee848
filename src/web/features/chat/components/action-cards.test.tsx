import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionCard } from "../../../../core/contract/assistant-actions.ts";
import { mockApi } from "../../../test/render-with-app.tsx";
import { ActionCards } from "./action-cards.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const moved: ActionCard = {
  id: "11111111-1111-4111-8111-111111111111",
  kind: "moved",
  items: [
    {
      title: "Dentist",
      start: "2031-03-06T14:00:00.000Z",
      end: "2031-03-06T15:00:00.000Z",
      before: { start: "2031-03-04T14:00:00.000Z", end: "2031-03-04T15:00:00.000Z" },
    },
  ],
  conflicts: [
    { title: "Write report", start: "2031-03-06T14:30:00.000Z", end: "2031-03-06T15:30:00.000Z" },
  ],
  undone: false,
};

describe("action cards", () => {
  it("show before → after and the overlap, and Undo reports the undone card", async () => {
    const { calls } = mockApi({
      [`POST /api/assistant/actions/${moved.id}/undo`]: {
        body: { card: { ...moved, undone: true }, calendarChanged: true },
      },
    });
    const onChanged = vi.fn();
    render(<ActionCards cards={[moved]} onChanged={onChanged} />);
    const card = screen.getByRole("region", { name: "Moved" });
    expect(card.textContent).toContain("Dentist");
    expect(card.textContent).toContain("moved to");
    expect(card.textContent).toContain("Overlaps “Write report”");
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith({ ...moved, undone: true }));
    expect(calls.map((c) => c.key)).toEqual([`POST /api/assistant/actions/${moved.id}/undo`]);
  });

  it("a refused Undo turns the card into history: no Undo, the old times said to be old", async () => {
    mockApi({
      [`POST /api/assistant/actions/${moved.id}/undo`]: {
        status: 409,
        body: {
          error: "This has been changed since, so I've left it as it is now.",
          code: "conflict",
        },
      },
    });
    const onChanged = vi.fn();
    render(<ActionCards cards={[moved]} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await vi.waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith({ ...moved, changedSince: true }),
    );
  });

  it("a card changed since offers no Undo and says its times are history", () => {
    render(<ActionCards cards={[{ ...moved, changedSince: true }]} onChanged={() => {}} />);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    const card = screen.getByRole("region", { name: "Moved" });
    expect(card.textContent).toContain("Changed since");
    expect(card.textContent).not.toContain("Overlaps");
  });

  it("another failure of Undo is said, and Undo stays", async () => {
    mockApi({
      [`POST /api/assistant/actions/${moved.id}/undo`]: {
        status: 503,
        body: { error: "The service is busy. Please try again.", code: "unavailable" },
      },
    });
    render(<ActionCards cards={[moved]} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect((await screen.findByRole("alert")).textContent).toContain("busy");
    expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
  });

  it("an event that ends on another day names both days", () => {
    const added: ActionCard = {
      ...moved,
      kind: "created",
      items: [{ title: "Conference", start: "2031-03-03T09:00:00Z", end: "2031-03-04T15:00:00Z" }],
      conflicts: [],
    };
    render(<ActionCards cards={[added]} onChanged={() => {}} />);
    const text = screen.getByRole("region", { name: "Added" }).textContent!.replace(/\s/g, " ");
    const end = new Date("2031-03-04T15:00:00Z");
    const endDay = new Intl.DateTimeFormat(undefined, {
      weekday: "short",
      month: "short",
      day: "numeric",
    }).format(end);
    expect(text).toContain(`– ${endDay}`);
  });

  it("an undone card has no Undo button", () => {
    render(<ActionCards cards={[{ ...moved, undone: true }]} onChanged={() => {}} />);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(screen.getByRole("region", { name: "Moved" }).textContent).toContain("undone");
  });

  it("a proposal offers Yes and No (sent as the next message), and no Undo", () => {
    const proposed: ActionCard = {
      id: "22222222-2222-4222-8222-222222222222",
      kind: "proposed",
      items: [
        {
          title: "Yoga",
          start: "2031-03-03T05:30:00.000Z",
          end: "2031-03-03T06:30:00.000Z",
          repeat: "every Monday, Wednesday and Friday",
          why: "Add",
        },
      ],
      conflicts: [],
      undone: false,
      pending: true,
    };
    const onAnswer = vi.fn();
    render(<ActionCards cards={[proposed]} onChanged={() => {}} onAnswer={onAnswer} />);
    const card = screen.getByRole("region", { name: "Proposed — nothing written yet" });
    expect(card.textContent).toContain("Add: Yoga");
    expect(card.textContent).toContain("every Monday, Wednesday and Friday");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(onAnswer).toHaveBeenCalledWith("Yes");
    cleanup();
    // answered (or not the newest reply): no buttons, and it says how it was answered
    render(
      <ActionCards cards={[{ ...proposed, pending: false, answer: "no" }]} onChanged={() => {}} />,
    );
    expect(screen.getByRole("region", { name: "Proposal — you said no" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Yes" })).toBeNull();
  });
});
