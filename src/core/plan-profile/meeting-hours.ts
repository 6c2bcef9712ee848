import type { PlanProfile } from "../contract/plan-profile.ts";
import type { SchedulerProfile } from "../scheduler/types.ts";

/**
 * The hours in which Sage may offer a time for a meeting: the working hours of each day
 * narrowed by "no meetings before / after" (issue 26). A day with nothing left is dropped.
 * Pure; the profile given is not changed.
 */
export function meetingHours(
  profile: SchedulerProfile,
  rules: Pick<PlanProfile, "noMeetingsBefore" | "noMeetingsAfter">,
): SchedulerProfile {
  if (rules.noMeetingsBefore === null && rules.noMeetingsAfter === null) return profile;
  const narrow = (h: { start: number; end: number }) => ({
    start: Math.max(h.start, rules.noMeetingsBefore ?? 0),
    end: Math.min(h.end, rules.noMeetingsAfter ?? 1440),
  });
  const dayHours: NonNullable<SchedulerProfile["dayHours"]> = {};
  const workingDays = profile.workingDays.filter((d) => {
    const h = narrow(profile.dayHours?.[d] ?? profile.workingHours);
    dayHours[d] = h;
    return h.end > h.start;
  });
  return { ...profile, workingDays, dayHours };
}
