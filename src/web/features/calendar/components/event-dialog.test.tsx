import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
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
});
