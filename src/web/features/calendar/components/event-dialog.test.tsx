import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { MemoryRouter } from "../../../lib/router.tsx";
import { EventDialog } from "./event-dialog.tsx";

afterEach(cleanup);

function openDialog() {
  const onSave = vi.fn();
  render(<EventDialog open event={null} zone="UTC" onClose={() => {}} onSave={onSave} />);
  return onSave;
}

async function fill(title: string, start: string, end: string) {
  await userEvent.type(screen.getByLabelText("Title"), title);
  fireEvent.change(screen.getByLabelText("Start"), { target: { value: start } });
  fireEvent.change(screen.getByLabelText("End (optional)"), { target: { value: end } });
  await userEvent.click(screen.getByRole("button", { name: "Save event" }));
}

describe("EventDialog", () => {
  it("asks before saving a timed event that lasts months, and saves it on Save anyway", async () => {
    const onSave = openDialog();
    await fill("Retreat", "2026-11-27T10:00", "2027-06-27T10:00");
    expect(screen.getByRole("alert").textContent).toBe(
      "This event lasts 7 months. Save it anyway?",
    );
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Save anyway" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      title: "Retreat",
      startTime: "2026-11-27T10:00:00.000Z",
      endTime: "2027-06-27T10:00:00.000Z",
    });
  });

  it("Change it goes back to the end time and saves nothing", async () => {
    const onSave = openDialog();
    await fill("Retreat", "2026-11-27T10:00", "2027-06-27T10:00");
    await userEvent.click(screen.getByRole("button", { name: "Change it" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("End (optional)"));
    expect(screen.getByRole("button", { name: "Save event" })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("saves an event of a day or less without asking", async () => {
    const onSave = openDialog();
    await fill("Standup", "2026-11-27T10:00", "2026-11-27T10:30");
    expect(screen.queryByText(/Save it anyway/)).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("a guest's booking: says whose, keeps its time fixed and offers no Delete; the title saves", async () => {
    const onSave = vi.fn();
    const booked: LocalEvent = {
      id: "e1",
      title: "Intro call with Grace",
      startTime: "2026-11-27T10:00:00.000Z",
      endTime: "2026-11-27T10:30:00.000Z",
      allDay: false,
      priority: "medium",
      version: 1,
      source: "user",
      bookedBy: "Grace Guest",
    };
    render(
      <MemoryRouter>
        <EventDialog
          open
          event={booked}
          zone="UTC"
          onClose={() => {}}
          onSave={onSave}
          onDelete={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Grace Guest’s booking through your booking link/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Booking links" }).getAttribute("href")).toBe(
      "/booking-links",
    );
    const start = screen.getByLabelText("Start") as HTMLInputElement;
    expect(start.readOnly).toBe(true);
    expect((screen.getByLabelText("End (optional)") as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText("All day") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Recurring event") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    await userEvent.type(start, "2026-11-28T10:00");
    await userEvent.type(screen.getByLabelText("Title"), " (bring the deck)");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      title: "Intro call with Grace (bring the deck)",
      startTime: "2026-11-27T10:00:00.000Z",
      endTime: "2026-11-27T10:30:00.000Z",
    });
  });

  it("another event keeps its Delete and its times editable", () => {
    render(
      <MemoryRouter>
        <EventDialog
          open
          event={{
            id: "e2",
            title: "Lunch",
            startTime: "2026-11-27T12:00:00.000Z",
            allDay: false,
            priority: "medium",
            version: 1,
          }}
          zone="UTC"
          onClose={() => {}}
          onSave={() => {}}
          onDelete={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/booking through your booking link/)).toBeNull();
    expect((screen.getByLabelText("Start") as HTMLInputElement).readOnly).toBe(false);
    expect(screen.getByRole("button", { name: "Delete" })).toBeTruthy();
  });
});
