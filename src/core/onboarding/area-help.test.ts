import { describe, expect, it } from "vitest";
import { parseCalendarRequest } from "../assistant/parse-calendar-request.ts";
import { AREA_HELP } from "./area-help.ts";
import { composeAreaReply } from "./compose-area-reply.ts";
import { QUESTION_SETS } from "./question-sets.ts";

const ctx = { now: new Date("2026-11-24T09:00:00Z"), timezone: "Europe/Berlin" };

describe("other life areas' assistants", () => {
  it("offer, for every area, an example the built-in assistant acts on", () => {
    for (const [area, help] of Object.entries(AREA_HELP)) {
      const call = parseCalendarRequest(help.example, ctx);
      expect(call?.tool, `${area}: ${help.example}`).toMatch(/^(create_event|find_free_time)$/);
    }
  });

  it("answer a trip request plainly, with the area's calendar help and the person's answers, not time blocks", () => {
    const reply = composeAreaReply({
      domain: "travel",
      answers: {
        [QUESTION_SETS.travel.questions[0]!.question]: "Japan in April, ten days",
        [QUESTION_SETS.travel.questions[2]!.question]: "About €3,000",
      },
    })!;
    expect(reply).toContain("I'm Sage, a calendar assistant, so I can't plan the trip itself");
    expect(reply).toContain("- Next trip: Japan in April, ten days");
    expect(reply).toContain("- Budget: About €3,000");
    expect(reply).toContain("Try: *Add trip research Saturday 10am for 2 hours*");
    expect(reply).not.toMatch(/peak|buffer|time block|sprint|deep work/i);
  });

  it("leave productivity and general chats to the calendar assistant", () => {
    expect(composeAreaReply({ domain: "productivity" })).toBeUndefined();
    expect(composeAreaReply({ domain: "general" })).toBeUndefined();
  });
});
