import { describe, expect, it } from "vitest";
import {
  AVOIDANCES,
  PEAK_TIMES,
  type ProductivityAnswers,
  productivityProfile,
  STRUGGLES,
  TYPICAL_DAYS,
  WORK_STYLES,
} from "../contract/productivity.ts";
import {
  ADDITIONAL_INFO_QUOTE_MAX,
  composeProductivityProfile,
  GENERIC_NEXT_STEPS,
} from "./compose-profile.ts";
import { PRODUCTIVITY_STEPS, peakDescription } from "./questions.ts";

const answers: ProductivityAnswers = {
  struggle: "procrastination",
  peak_time: "morning",
  typical_day: "structured_job",
  work_style: "deep_work",
  avoidance: "last_minute",
  additional_info: "",
};

describe("composeProductivityProfile", () => {
  it("writes a summary that names the peak, the hours, the rhythm and the struggle", () => {
    const { summary } = composeProductivityProfile(answers);
    expect(summary).toContain("in the morning (8–11 am)");
    expect(summary).toContain("Monday to Friday, between 9 am and 5 pm");
    expect(summary).toContain(
      "You work best in long stretches of deep work: about 90 minutes of focus, then a 20-minute break",
    );
    expect(summary).toContain("putting things off");
    expect(summary).toContain("you leave it until the last minute");
    expect(summary).toContain("plans no more than 6 hours of work a day");
  });

  it("says where the hardest work goes when the stated peak is outside the working day", () => {
    const { summary, scheduling } = composeProductivityProfile({
      ...answers,
      peak_time: "early_morning",
      typical_day: "parent",
    });
    expect(summary).toContain("early in the morning (5–8 am)");
    expect(summary).toContain(
      "Your working day runs 9 am–3 pm, so your hardest work goes to 9 am–noon.",
    );
    expect(scheduling.energyWindows.find((w) => w.level === "peak")).toEqual({
      start: 9,
      end: 12,
      level: "peak",
    });
  });

  it("explains the strategies for this person's own struggle and avoidance first", () => {
    const { summary } = composeProductivityProfile({
      ...answers,
      struggle: "time_blindness",
      avoidance: "freeze",
    });
    expect(summary).toContain("Longer buffers between blocks absorb tasks that run over.");
    expect(summary).toContain("starts with a ten-minute first step");
  });

  it("quotes the free-text answer, shortened when long", () => {
    const short = composeProductivityProfile({ ...answers, additional_info: "  Gym on Tuesdays " });
    expect(short.summary).toContain('You also told Sage: "Gym on Tuesdays"');
    const long = composeProductivityProfile({ ...answers, additional_info: "x".repeat(1000) });
    const quoted = /"(x+…)"/.exec(long.summary)?.[1];
    expect(quoted?.length).toBe(ADDITIONAL_INFO_QUOTE_MAX);
    expect(composeProductivityProfile(answers).summary).not.toContain("You also told Sage");
  });

  it("puts the first next step in the peak window inside working hours", () => {
    const { nextSteps } = composeProductivityProfile(answers);
    expect(nextSteps).toHaveLength(3);
    expect(nextSteps[0]).toContain("Block 9–11 am");
  });

  it("writes the hours as the person's locale writes them", () => {
    const us = composeProductivityProfile(answers, "en-US");
    expect(us.summary).toContain("in the morning (8–11 AM)");
    expect(us.summary).toContain("between 9 AM and 5 PM");
    expect(us.nextSteps[0]).toContain("Block 9–11 AM");
    const gb = composeProductivityProfile(answers, "en-GB");
    expect(gb.summary).toContain("in the morning (08:00–11:00)");
    expect(gb.summary).toContain("between 09:00 and 17:00");
    expect(gb.nextSteps[0]).toContain("Block 09:00–11:00");
  });

  it("writes the questionnaire's peak-time hours in the person's locale", () => {
    expect(peakDescription("morning")).toBe("8–11 am, once I've settled in");
    expect(peakDescription("morning", "en-US")).toBe("8–11 AM, once I've settled in");
    expect(peakDescription("morning", "en-GB")).toBe("08:00–11:00, once I've settled in");
  });

  it("asks people whose energy varies to notice when they are sharpest", () => {
    const { nextSteps, summary } = composeProductivityProfile({ ...answers, peak_time: "varies" });
    expect(summary).toContain("Your energy changes from day to day");
    expect(nextSteps[0]).toContain("note when you feel sharpest");
  });

  it("gives a valid profile with at most 3 steps for every single answer value", () => {
    const variants: ProductivityAnswers[] = [
      ...STRUGGLES.map((struggle) => ({ ...answers, struggle })),
      ...PEAK_TIMES.map((peak_time) => ({ ...answers, peak_time })),
      ...TYPICAL_DAYS.map((typical_day) => ({ ...answers, typical_day })),
      ...WORK_STYLES.map((work_style) => ({ ...answers, work_style })),
      ...AVOIDANCES.map((avoidance) => ({ ...answers, avoidance })),
    ];
    for (const v of variants) {
      const p = composeProductivityProfile(v);
      expect(productivityProfile.safeParse(p).success).toBe(true);
      expect(p.nextSteps.length).toBeLessThanOrEqual(3);
      expect(p.summary).not.toMatch(/undefined|NaN|_/);
    }
  });

  it("has three generic fallback steps", () => {
    expect(GENERIC_NEXT_STEPS).toHaveLength(3);
  });
});

describe("the questionnaire steps", () => {
  it("asks the spec's six answers in order, each option with a label and a description", () => {
    expect(PRODUCTIVITY_STEPS.map((s) => s.id)).toEqual([
      "struggle",
      "peak_time",
      "typical_day",
      "work_style",
      "avoidance",
      "additional_info",
    ]);
    const allowed = [STRUGGLES, PEAK_TIMES, TYPICAL_DAYS, WORK_STYLES, AVOIDANCES];
    PRODUCTIVITY_STEPS.slice(0, 5).forEach((step, i) => {
      if (step.kind !== "choice") throw new Error("expected a choice step");
      expect(step.options.map((o) => o.value)).toEqual([...allowed[i]!]);
      for (const o of step.options) expect(o.label && o.description).toBeTruthy();
    });
  });

  it("describes each peak option with the hours the profile uses", () => {
    const peak = PRODUCTIVITY_STEPS[1]!;
    if (peak.kind !== "choice") throw new Error("expected a choice step");
    expect(peak.options.find((o) => o.value === "night")!.description).toMatch(/^8 pm–midnight/);
  });
});
