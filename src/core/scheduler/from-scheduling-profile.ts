import type { PlanProfile } from "../contract/plan-profile.ts";
import type { StrategyId } from "../contract/productivity.ts";
import type { SchedulerProfile } from "./types.ts";

/**
 * "How you work" (the person's plan profile, edited or seeded from the questionnaire) as the
 * scheduler's input, in the person's time zone. Time blindness and similar strategies pad
 * estimates more; the strategies come from the questionnaire, the rest from the profile.
 */
export function toSchedulerProfile(
  plan: PlanProfile,
  opts: { timezone: string; strategies?: readonly { id: StrategyId }[] },
): SchedulerProfile {
  const extraPadding = (opts.strategies ?? []).some((s) => s.id === "extra_buffers");
  const dayHours: NonNullable<SchedulerProfile["dayHours"]> = {};
  for (const [day, hours] of Object.entries(plan.dayHours))
    if (hours) dayHours[Number(day)] = hours;
  return {
    timezone: opts.timezone,
    workingDays: [...plan.workingDays],
    workingHours: { ...plan.workingHours },
    dayHours,
    energyWindows: plan.energyWindows.map((w) => ({ ...w })),
    focusBlockMinutes: plan.focusBlockMinutes,
    breakMinutes: plan.breakMinutes,
    bufferMinutes: plan.bufferMinutes,
    dailyLoadCapMinutes: plan.dailyLoadCapMinutes,
    estimatePadding: extraPadding ? 1.4 : 1.25,
  };
}
