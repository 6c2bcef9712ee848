import { describe, expect, it } from "vitest";
import { emptyLinkForm, formToLinkInput } from "./link-form.ts";

describe("formToLinkInput", () => {
  it("sends the defaults: the person's days and hours, no peak, no cap of its own", () => {
    const result = formToLinkInput({ ...emptyLinkForm(), title: "  Intro call " });
    expect(result).toMatchObject({
      input: {
        title: "Intro call",
        hostName: null,
        minutes: 30,
        horizonDays: 14,
        noticeMinutes: 240,
        days: null,
        hours: null,
        bufferBeforeMinutes: 10,
        bufferAfterMinutes: 10,
        maxPerDay: null,
        allowPeak: false,
      },
    });
  });

  it("puts each problem beside its field, in words a person reads", () => {
    const result = formToLinkInput({
      ...emptyLinkForm(),
      title: "",
      minutes: "33",
      maxPerDay: "0",
      days: [],
      hours: { from: "10:00", to: "10:15" },
    });
    expect(result).toEqual({
      errors: {
        title: "Title must not be empty",
        minutes: "Minutes must be a whole number from 10 to 240, in steps of 5",
        maxPerDay: "Leave it empty for no cap, or a whole number from 1 to 20",
        days: "Pick at least one day",
        // checked with the rest: every problem shows at once
        hours: "These hours are shorter than one meeting",
      },
    });
  });

  it("refuses hours shorter than one meeting", () => {
    const result = formToLinkInput({
      ...emptyLinkForm(),
      title: "Call",
      minutes: "60",
      hours: { from: "09:00", to: "09:30" },
    });
    expect(result).toEqual({ errors: { hours: "These hours are shorter than one meeting" } });
  });
});
