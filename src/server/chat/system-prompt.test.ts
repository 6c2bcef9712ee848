import { describe, expect, it } from "vitest";
import { systemPrompt } from "./system-prompt.ts";

describe("systemPrompt", () => {
  it("keeps the calendar instructions for the productivity assistant", () => {
    expect(systemPrompt("Peak: mornings", "productivity")).toContain(
      "You help them plan realistic days",
    );
  });

  it("asks another area's assistant to help with the request itself, not with time blocks", () => {
    const prompt = systemPrompt("Next trip: Japan", "travel");
    expect(prompt).toContain("this conversation is with the person's travel assistant");
    expect(prompt).toContain("Do not turn requests into time-blocking");
    expect(prompt).not.toContain("You help them plan realistic days");
    expect(prompt).toContain("About this person: Next trip: Japan");
  });
});
