import { describe, expect, it } from "vitest";
import {
  AVOIDANCES,
  PEAK_TIMES,
  type ProductivityAnswers,
  STRATEGY_IDS,
  STRUGGLES,
  schedulingProfile,
  TYPICAL_DAYS,
  WORK_STYLES,
} from "../contract/productivity.ts";
import { bestWorkingWindow, buildSchedulingProfile, ENERGY_WINDOWS } from "./scheduling-profile.ts";

const base: ProductivityAnswers = {
  struggle: "focus",
  peak_time: "midday",
  typical_day: "structured_job",
  work_style: "medium_sessions",
  avoidance: "distract_easier",
  additional_info: "",
};
const build = (patch: Partial<ProductivityAnswers>) =>
  buildSchedulingProfile({ ...base, ...patch });
const ids = (patch: Partial<ProductivityAnswers>) => build(patch).strategies.map((s) => s.id);

describe("peak_time → energy windows", () => {
  it.each([
    ["early_morning", [5, 8, "peak"], [8, 11, "good"], [13, 16, "low"]],
    ["morning", [8, 11, "peak"], [11, 13, "good"], [14, 16, "low"]],
    ["midday", [9, 11, "good"], [11, 14, "peak"], [15, 17, "low"]],
    ["afternoon", [8, 10, "low"], [10, 13, "good"], [13, 17, "peak"]],
    ["evening", [8, 11, "low"], [13, 17, "good"], [17, 21, "peak"]],
    ["night", [9, 12, "low"], [16, 20, "good"], [20, 24, "peak"]],
    ["varies", [9, 12, "good"], [14, 17, "good"]],
  ] as const)("%s", (peak_time, ...windows) => {
    expect(ENERGY_WINDOWS[peak_time]).toEqual(
      windows.map(([start, end, level]) => ({ start, end, level })),
    );
  });

  it("covers every allowed value with the test table above", () => {
    expect(PEAK_TIMES).toHaveLength(7);
  });

  it("keeps the stated windows when the working hours reach the peak", () => {
    expect(build({ peak_time: "midday" }).energyWindows).toEqual(ENERGY_WINDOWS.midday);
  });

  it("never plans a peak outside the working hours, for any peak and any day", () => {
    for (const peak_time of PEAK_TIMES) {
      for (const typical_day of TYPICAL_DAYS) {
        const p = build({ peak_time, typical_day });
        for (const w of p.energyWindows.filter((x) => x.level === "peak")) {
          expect(w.start).toBeGreaterThanOrEqual(p.workingHours.start);
          expect(w.end).toBeLessThanOrEqual(p.workingHours.end);
        }
        for (let i = 1; i < p.energyWindows.length; i++) {
          expect(p.energyWindows[i]!.start).toBeGreaterThanOrEqual(p.energyWindows[i - 1]!.end);
        }
      }
    }
  });

  it("takes the days and whole hours the free-text answer states (issue 26)", () => {
    const p = build({
      typical_day: "entrepreneur",
      additional_info: "work 4 days a week; Fridays are for errands",
    });
    expect(p.workingDays).toEqual([1, 2, 3, 4]);
    const hours = build({
      typical_day: "remote_flexible",
      additional_info: "I can only work 9 to 3",
    });
    expect(hours.workingHours).toEqual({ start: 9, end: 15 });
    // a time that is not a whole hour stays for the plan profile (minutes)
    expect(build({ additional_info: "I work 8:30 to 4:30" }).workingHours).toEqual({
      start: 9,
      end: 17,
    });
  });

  it("moves a 5–8 AM peak of a 9-to-3 parent to the first hours of their day", () => {
    const p = build({ peak_time: "early_morning", typical_day: "parent" });
    expect(p.workingHours).toEqual({ start: 9, end: 15 });
    expect(p.energyWindows).toEqual([
      { start: 8, end: 9, level: "good" },
      { start: 9, end: 12, level: "peak" },
      { start: 13, end: 16, level: "low" },
    ]);
  });

  it("plans by a daily energy check instead of a fixed peak when energy varies", () => {
    expect(ids({ peak_time: "varies" })).toContain("daily_energy_check");
    expect(ids({ peak_time: "varies" })).not.toContain("hardest_task_at_peak");
    for (const peak_time of PEAK_TIMES.filter((p) => p !== "varies")) {
      expect(ids({ peak_time })).toContain("hardest_task_at_peak");
    }
  });
});

describe("typical_day → working days and hours", () => {
  // midday (peak 11–14) sits inside every base window, so nothing moves here
  it.each([
    ["structured_job", [1, 2, 3, 4, 5], 9, 17],
    ["remote_flexible", [1, 2, 3, 4, 5], 9, 17],
    ["entrepreneur", [1, 2, 3, 4, 5, 6], 8, 18],
    ["student", [1, 2, 3, 4, 5], 9, 18],
    ["parent", [1, 2, 3, 4, 5], 9, 15],
    ["creative", [1, 2, 3, 4, 5], 10, 18],
    ["shift_work", [1, 2, 3, 4, 5, 6, 7], 7, 22],
  ] as const)("%s", (typical_day, days, start, end) => {
    const p = build({ typical_day });
    expect(p.workingDays).toEqual(days);
    expect(p.workingHours).toEqual({ start, end });
  });

  it("moves a flexible working window, same length, to cover a late peak", () => {
    expect(build({ typical_day: "remote_flexible", peak_time: "night" }).workingHours).toEqual({
      start: 16,
      end: 24,
    });
    expect(build({ typical_day: "creative", peak_time: "evening" }).workingHours).toEqual({
      start: 13,
      end: 21,
    });
  });

  it("moves a flexible working window, same length, to cover an early peak", () => {
    expect(build({ typical_day: "entrepreneur", peak_time: "early_morning" }).workingHours).toEqual(
      { start: 5, end: 15 },
    );
  });

  it("keeps fixed hours fixed, even when the peak falls outside them", () => {
    expect(build({ typical_day: "structured_job", peak_time: "night" }).workingHours).toEqual({
      start: 9,
      end: 17,
    });
    expect(build({ typical_day: "parent", peak_time: "early_morning" }).workingHours).toEqual({
      start: 9,
      end: 15,
    });
  });
});

describe("work_style → focus blocks and breaks", () => {
  it.each([
    ["quick_sprints", 25, 50, 5],
    ["medium_sessions", 50, 60, 10],
    ["deep_work", 90, 120, 20],
    ["tiny_tasks", 15, 30, 5],
    ["one_thing", 60, 120, 15],
    ["variety", 30, 45, 5],
  ] as const)("%s", (work_style, focus, max, brk) => {
    const p = build({ work_style });
    expect([p.focusBlockMinutes, p.maxFocusBlockMinutes, p.breakMinutes]).toEqual([
      focus,
      max,
      brk,
    ]);
  });

  it("alternates task types for variety and keeps one task per block for one_thing", () => {
    expect(ids({ work_style: "variety" })).toContain("alternate_task_types");
    expect(ids({ work_style: "one_thing" })).toContain("one_task_per_block");
    expect(ids({ work_style: "deep_work" })).not.toContain("alternate_task_types");
  });
});

describe("struggle → strategies", () => {
  it.each([
    ["procrastination", ["tiny_first_step"]],
    ["overwhelm", ["top_three_priorities", "reduced_daily_load"]],
    ["focus", ["protected_focus_blocks"]],
    ["time_blindness", ["extra_buffers", "early_reminders"]],
    ["motivation", ["quick_win_first", "tiny_first_step"]],
    ["energy", ["energy_matching", "reduced_daily_load"]],
  ] as const)("%s", (struggle, expected) => {
    // an avoidance that adds nothing overlapping, so each struggle shows its own strategies
    const got = ids({ struggle, avoidance: "last_minute", work_style: "deep_work" });
    expect(got).toEqual(
      STRATEGY_IDS.filter((id) =>
        ["hardest_task_at_peak", "early_deadlines", ...expected].includes(id),
      ),
    );
  });
});

describe("avoidance → strategies", () => {
  it.each([
    ["anxious_avoid", ["tiny_first_step"]],
    ["distract_easier", ["protected_focus_blocks"]],
    ["force_miserable", ["recovery_breaks", "reduced_daily_load"]],
    ["last_minute", ["early_deadlines"]],
    ["freeze", ["tiny_first_step", "single_next_action"]],
    ["power_through", ["recovery_breaks"]],
  ] as const)("%s", (avoidance, expected) => {
    const got = ids({ avoidance, struggle: "time_blindness", work_style: "deep_work" });
    expect(got).toEqual(
      STRATEGY_IDS.filter((id) =>
        ["hardest_task_at_peak", "extra_buffers", "early_reminders", ...expected].includes(id),
      ),
    );
  });

  it("gives avoided tasks a ten-minute first step", () => {
    expect(build({ avoidance: "anxious_avoid" }).firstStepMinutes).toBe(10);
    expect(build({ avoidance: "freeze" }).firstStepMinutes).toBe(10);
    expect(build({ avoidance: "distract_easier" }).firstStepMinutes).toBeNull();
  });

  it("sets internal deadlines a day early for last-minute people only", () => {
    expect(build({ avoidance: "last_minute" }).deadlineLeadHours).toBe(24);
    expect(build({ avoidance: "freeze" }).deadlineLeadHours).toBe(0);
  });
});

describe("buffers, reminders and the daily load cap", () => {
  it("gives extra buffers and earlier reminders for time blindness", () => {
    const p = build({ struggle: "time_blindness" });
    expect(p.bufferMinutes).toBe(20);
    expect(p.reminderMinutes).toBe(15);
    expect(build({}).bufferMinutes).toBe(10);
    expect(build({}).reminderMinutes).toBe(10);
  });

  it("gives parents 15-minute buffers for interruptions", () => {
    expect(build({ typical_day: "parent" }).bufferMinutes).toBe(15);
    expect(build({ typical_day: "parent", struggle: "time_blindness" }).bufferMinutes).toBe(20);
  });

  it("plans three quarters of an 8-hour day, less when overwhelmed or drained", () => {
    expect(build({}).dailyLoadCapMinutes).toBe(360);
    expect(build({ struggle: "overwhelm" }).dailyLoadCapMinutes).toBe(285); // 0.6 × 480 = 288 → 285
    expect(build({ struggle: "energy" }).dailyLoadCapMinutes).toBe(285);
    expect(build({ avoidance: "force_miserable" }).dailyLoadCapMinutes).toBe(285);
    expect(build({ typical_day: "parent" }).dailyLoadCapMinutes).toBe(270);
  });

  it("never plans more than seven hours, however long the working window", () => {
    expect(build({ typical_day: "entrepreneur" }).dailyLoadCapMinutes).toBe(420);
    expect(build({ typical_day: "shift_work" }).dailyLoadCapMinutes).toBe(420);
  });
});

const ALL: ProductivityAnswers[] = STRUGGLES.flatMap((struggle) =>
  PEAK_TIMES.flatMap((peak_time) =>
    TYPICAL_DAYS.flatMap((typical_day) =>
      WORK_STYLES.flatMap((work_style) =>
        AVOIDANCES.map((avoidance) => ({
          struggle,
          peak_time,
          typical_day,
          work_style,
          avoidance,
          additional_info: "",
        })),
      ),
    ),
  ),
);

describe("every combination of allowed answers", () => {
  it(`gives a valid, self-consistent profile (${ALL.length} combinations)`, () => {
    for (const answers of ALL) {
      const p = buildSchedulingProfile(answers);
      expect(schedulingProfile.safeParse(p).success).toBe(true);
      const { start, end } = p.workingHours;
      expect(start >= 0 && end <= 24 && start < end).toBe(true);
      p.energyWindows.forEach((w, i) => {
        expect(w.start).toBeLessThan(w.end);
        if (i > 0) expect(w.start).toBeGreaterThanOrEqual(p.energyWindows[i - 1]!.end);
      });
      expect(p.energyWindows.filter((w) => w.level === "peak").length).toBeLessThanOrEqual(1);
      expect(p.dailyLoadCapMinutes).toBeLessThanOrEqual((end - start) * 60);
      expect(p.dailyLoadCapMinutes % 15).toBe(0);
      expect(p.focusBlockMinutes).toBeLessThanOrEqual(p.maxFocusBlockMinutes);
      const strategyIds = p.strategies.map((s) => s.id);
      expect(new Set(strategyIds).size).toBe(strategyIds.length);
      expect(strategyIds).toEqual(STRATEGY_IDS.filter((id) => strategyIds.includes(id)));
      expect(p.strategies.every((s) => s.description.length > 10)).toBe(true);
      const best = bestWorkingWindow(p);
      expect(best.start >= start && best.end <= end && best.start < best.end).toBe(true);
    }
  }, 30_000); // exhaustive: ~10k profiles, slow on a loaded 2-core machine

  it("is not changed by the free-text answer", () => {
    expect(buildSchedulingProfile({ ...base, additional_info: "I train on Tuesdays" })).toEqual(
      buildSchedulingProfile(base),
    );
  });
});

describe("bestWorkingWindow", () => {
  it("is the peak when the peak is inside the working hours", () => {
    expect(bestWorkingWindow(build({ peak_time: "morning" }))).toEqual({
      start: 9,
      end: 11,
      level: "peak",
    });
  });

  it("is the peak moved inside fixed hours when the stated peak is outside them", () => {
    expect(bestWorkingWindow(build({ peak_time: "night" }))).toEqual({
      start: 13,
      end: 17,
      level: "peak",
    });
  });
});
