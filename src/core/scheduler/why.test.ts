import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN_PROFILE } from "../plan-profile/seed-plan-profile.ts";
import { toSchedulerProfile } from "./from-scheduling-profile.ts";
import { hourRange, whyFacts, whySentence, windowHolding } from "./why.ts";

const ZONE = "Europe/London";
const profile = toSchedulerProfile(DEFAULT_PLAN_PROFILE, { timezone: ZONE });
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const block = (from: string, to: string, firstFit = false) => ({
  taskId: "t",
  start: at(from),
  end: at(to),
  kept: false,
  firstFit,
});
const say = { locale: "en-GB", zone: ZONE, profiled: true };

describe("why a block is where it is", () => {
  it("names the peak and the deadline for hard work", () => {
    const facts = whyFacts(
      block("2026-11-23T09:00", "2026-11-23T09:50"),
      {
        energy: "high",
        deadline: at("2026-11-24T17:00"),
      },
      profile,
    );
    expect(facts).toMatchObject({ level: "peak", window: { start: 540, end: 720 } });
    expect(whySentence(facts, say)).toBe(
      "Your peak (09–12) — the hardest work of the day; due Tuesday",
    );
  });

  it("says light work was kept out of the peak, and leaves a far deadline out", () => {
    const facts = whyFacts(
      block("2026-11-23T13:30", "2026-11-23T14:20"),
      {
        energy: "low",
        deadline: at("2026-12-20T17:00"),
      },
      profile,
    );
    expect(whySentence(facts, say)).toBe(
      "A lighter time of day (13–15) — easy work, kept out of your peak",
    );
  });

  it("a block mostly outside every window is good hours, with no range", () => {
    const facts = whyFacts(
      block("2026-11-23T15:30", "2026-11-23T16:20"),
      { energy: "medium" },
      profile,
    );
    expect(facts.window).toBeUndefined();
    expect(whySentence(facts, say)).toBe("Good hours for steady work");
  });

  it("says when it only found the first free time long enough", () => {
    const facts = whyFacts(
      block("2026-11-23T15:30", "2026-11-23T16:20", true),
      { energy: "high" },
      profile,
    );
    expect(whySentence(facts, say)).toBe("The first free time long enough for it");
  });

  it("says the hours are a default before the questionnaire", () => {
    const facts = whyFacts(
      block("2026-11-23T10:00", "2026-11-23T10:50"),
      { energy: "medium" },
      profile,
    );
    expect(whySentence(facts, { ...say, profiled: false })).toMatch(
      /^Morning focus hours \(09–12\), a default until you set yours$/,
    );
  });

  it("writes hours in the person's locale", () => {
    expect(hourRange({ start: 480, end: 660 }, "en-US")).toMatch(/^8\s?–\s?11\sAM$/);
    expect(hourRange({ start: 1290, end: 1440 }, "en-GB")).toMatch(/^21:30–0?0:00$/);
  });
});

describe("windowHolding", () => {
  const windows = [
    { start: 480, end: 660, level: "peak" as const },
    { start: 660, end: 780, level: "good" as const },
  ];
  it("is the window holding more than half the block, not the one it starts in", () => {
    // 10:50–11:50 starts in an 8–11 peak but lies mostly in the hours after it
    expect(windowHolding(windows, 650, 60)?.level).toBe("good");
    expect(windowHolding(windows, 600, 60)?.level).toBe("peak");
    // half and half is neither: Sage claims no window for it
    expect(windowHolding(windows, 630, 60)).toBeUndefined();
    expect(windowHolding(windows, 800, 30)).toBeUndefined();
  });
});
