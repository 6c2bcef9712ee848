import type { SchedulingProfile } from "../contract/productivity.ts";
import type { SchedulerProfile } from "./types.ts";

/** Used until the person has answered the questionnaire: a plain 9-to-5 with a morning peak. */
export const DEFAULT_SCHEDULER_PROFILE: Omit<SchedulerProfile, "timezone"> = {
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: 9 * 60, end: 17 * 60 },
  energyWindows: [
    { start: 9 * 60, end: 12 * 60, level: "peak" },
    { start: 13 * 60, end: 15 * 60, level: "low" },
  ],
  focusBlockMinutes: 50,
  breakMinutes: 10,
  bufferMinutes: 10,
  dailyLoadCapMinutes: 300,
  estimatePadding: 1.25,
};

/**
 * The questionnaire's scheduling profile (hours) as the scheduler's input (minutes), in the
 * person's time zone. Time blindness and similar strategies pad estimates more.
 */
export function toSchedulerProfile(
  profile: SchedulingProfile | undefined,
  timezone: string,
): SchedulerProfile {
  if (!profile) return { ...DEFAULT_SCHEDULER_PROFILE, timezone };
  const extraPadding = profile.strategies.some((s) => s.id === "extra_buffers");
  return {
    timezone,
    workingDays: profile.workingDays,
    workingHours: { start: profile.workingHours.start * 60, end: profile.workingHours.end * 60 },
    energyWindows: profile.energyWindows.map((w) => ({
      start: w.start * 60,
      end: w.end * 60,
      level: w.level,
    })),
    focusBlockMinutes: profile.focusBlockMinutes,
    breakMinutes: profile.breakMinutes,
    bufferMinutes: profile.bufferMinutes,
    dailyLoadCapMinutes: profile.dailyLoadCapMinutes,
    estimatePadding: extraPadding ? 1.4 : 1.25,
  };
}
