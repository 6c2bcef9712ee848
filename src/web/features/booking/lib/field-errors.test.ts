import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors.ts";

describe("fieldErrors", () => {
  it("puts each field's message beside it and keeps the rest for the form", () => {
    const { fields, rest } = fieldErrors(
      "name: name must not be empty; email: Enter a valid e-mail address; start: that time is not one this link offers",
      ["name", "email", "note"] as const,
    );
    expect(fields).toEqual({
      name: "Name must not be empty",
      email: "Enter a valid e-mail address",
    });
    expect(rest).toBe("start: that time is not one this link offers");
  });

  it("reads a nested path by its first part (hours.from is the hours field)", () => {
    expect(fieldErrors("hours.from: must be a time like 09:30", ["hours"]).fields).toEqual({
      hours: "Must be a time like 09:30",
    });
  });

  it("leaves a message without a field whole", () => {
    expect(fieldErrors("Too many requests", ["name"])).toEqual({
      fields: {},
      rest: "Too many requests",
    });
  });
});
