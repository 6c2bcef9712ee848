import { describe, expect, it } from "vitest";
import { emptyForm, formFromEvent, formToDraft } from "./event-form.ts";

const zone = "Europe/Berlin";
const form = (patch: Partial<ReturnType<typeof emptyForm>> = {}) => ({
  ...emptyForm(new Date("2025-06-02T06:20:00Z"), zone),
  ...patch,
});

describe("event form", () => {
  it("starts at the next full hour with priority medium and weekly repeats", () => {
    expect(form()).toMatchObject({
      start: "2025-06-02T09:00",
      end: "2025-06-02T10:00",
      priority: "medium",
      recurring: false,
      frequency: "WEEKLY",
    });
  });

  it("requires a title and a start time", () => {
    expect(formToDraft(form({ title: "  ", start: "" }), zone).errors).toEqual({
      title: "Title is required",
      start: "Start time is required",
    });
  });

  it("allows an empty end time", () => {
    const { draft } = formToDraft(form({ title: "Call", end: "" }), zone);
    expect(draft?.endTime).toBeUndefined();
  });

  it("reads wall-clock times in the user's zone and stores UTC", () => {
    const { draft } = formToDraft(form({ title: "Call" }), zone);
    expect(draft).toMatchObject({
      startTime: "2025-06-02T07:00:00.000Z",
      endTime: "2025-06-02T08:00:00.000Z",
      priority: "medium",
    });
  });

  it("reports the contract's rule against the field: end after start", () => {
    const { errors } = formToDraft(form({ title: "Call", end: "2025-06-02T08:00" }), zone);
    expect(errors).toEqual({ end: "End time must be after start" });
  });

  it("refuses a URL that is not http(s)", () => {
    const { errors } = formToDraft(form({ title: "Call", url: "javascript:alert(1)" }), zone);
    expect(errors?.url).toBe("URL must start with http:// or https://");
  });

  it("builds a weekly recurrence with days, interval and an inclusive last date", () => {
    const { draft } = formToDraft(
      form({
        title: "Gym",
        recurring: true,
        interval: "2",
        byDay: ["MO", "TH"],
        ends: "until",
        until: "2025-12-31",
      }),
      zone,
    );
    expect(draft?.recurrence).toEqual({
      frequency: "WEEKLY",
      interval: 2,
      byDay: ["MO", "TH"],
      byMonthDay: undefined,
      until: "2025-12-31T22:59:59.999Z",
      count: undefined,
    });
  });

  it("stores all-day dates as midnight UTC with an exclusive end, and reads them back", () => {
    const { draft } = formToDraft(
      form({ title: "Trip", allDay: true, start: "2025-08-01", end: "2025-08-03" }),
      zone,
    );
    expect(draft).toMatchObject({
      startTime: "2025-08-01T00:00:00.000Z",
      endTime: "2025-08-04T00:00:00.000Z",
    });
    const back = formFromEvent({ ...draft!, id: "x", version: 1 }, zone);
    expect(back).toMatchObject({ allDay: true, start: "2025-08-01", end: "2025-08-03" });
  });

  it("round-trips an event through the form unchanged", () => {
    const { draft } = formToDraft(
      form({
        title: "Review",
        description: "Notes",
        location: "Room 2",
        reminder: "15",
        category: "Work",
        priority: "high",
        url: "https://example.com/",
        recurring: true,
        frequency: "MONTHLY",
        byMonthDay: "31",
        ends: "count",
        count: "6",
      }),
      zone,
    );
    const again = formToDraft(formFromEvent({ ...draft!, id: "x", version: 1 }, zone), zone);
    expect(again.draft).toEqual(draft);
  });

  it("names a non-numeric reminder", () => {
    expect(formToDraft(form({ title: "x", reminder: "1.5" }), zone).errors).toEqual({
      reminder: "Reminder must be a whole number",
    });
  });
});
