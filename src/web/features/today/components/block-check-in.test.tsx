import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setOnline } from "../../../lib/use-online.ts";
import { mockApi, renderWithApp } from "../../../test/render-with-app.tsx";
import { BlockCheckIn } from "./block-check-in.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

const EVENT = "7d8e0b4a-1c8e-4f5a-9a55-3b1c2f0e9d11";
const TASK = "2f1c3b4a-5d6e-4f70-8a91-b2c3d4e5f607";
const answer = (outcome: string, minutes: number | null, taskId: string | null = null) => ({
  body: {
    checkIn: {
      eventId: EVENT,
      occurrence: null,
      taskId,
      outcome,
      minutes,
      plannedMinutes: 50,
      countedMinutes: minutes ?? 50,
      createdAt: "2031-03-03T10:00:00.000Z",
    },
    taskDone: false,
  },
});

describe("BlockCheckIn", () => {
  it("checks in from the week view, and says what was noted", async () => {
    const api = mockApi({ "POST /api/check-ins": answer("done", null) });
    renderWithApp(
      <BlockCheckIn userId="u" eventId={EVENT} title="Report" plannedMinutes={50} online />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(await screen.findByText("Done", { selector: "span" })).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({
      key: "POST /api/check-ins",
      body: { eventId: EVENT, outcome: "done", source: "week" },
    });
  });

  it("after Done, asks how long the task took and sends the minutes with done", async () => {
    const api = mockApi({
      "POST /api/check-ins": (body) =>
        answer("done", (body as { minutes?: number }).minutes ?? null, TASK),
    });
    renderWithApp(
      <BlockCheckIn userId="u" eventId={EVENT} title="Report" plannedMinutes={50} online />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    fireEvent.click(await screen.findByRole("button", { name: "How long did “Report” take?" }));
    fireEvent.change(screen.getByLabelText("Minutes it took"), { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Done — took 1 h 20")).toBeTruthy();
    expect(api.calls.at(-1)?.body).toEqual({
      eventId: EVENT,
      outcome: "done",
      minutes: 80,
      source: "week",
    });
    expect(screen.queryByRole("button", { name: /How long did/ })).toBeNull();
  });

  it("Partly asks for the minutes", async () => {
    const api = mockApi({ "POST /api/check-ins": answer("partly", 20) });
    renderWithApp(
      <BlockCheckIn userId="u" eventId={EVENT} title="Report" plannedMinutes={50} online />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Partly" }));
    fireEvent.change(screen.getByLabelText("Minutes done"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Partly — 20 min done/)).toBeTruthy();
    expect(api.calls.at(-1)?.body).toEqual({
      eventId: EVENT,
      outcome: "partly",
      minutes: 20,
      source: "week",
    });
  });

  it("offline, nothing can be sent and it says when it can", () => {
    mockApi({});
    renderWithApp(
      <BlockCheckIn userId="u" eventId={EVENT} title="Report" plannedMinutes={50} online={false} />,
    );
    expect((screen.getByRole("button", { name: "Done" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("You're offline: check in when you're back online.")).toBeTruthy();
  });
});
