import { and, eq } from "drizzle-orm";
import { type PlanProfileResponse, planProfile } from "../../core/contract/plan-profile.ts";
import {
  PEAK_TIMES,
  type SchedulingProfile,
  schedulingProfile,
} from "../../core/contract/productivity.ts";
import { withLearned } from "../../core/learning/learn.ts";
import { explainPlanProfile, seedPlanProfile } from "../../core/plan-profile/seed-plan-profile.ts";
import { ENERGY_WINDOWS } from "../../core/productivity/scheduling-profile.ts";
import { toSchedulerProfile } from "../../core/scheduler/from-scheduling-profile.ts";
import type { SchedulerProfile } from "../../core/scheduler/types.ts";
import type { Db } from "../db/client.ts";
import { domainContexts, planProfiles, users } from "../db/schema.ts";
import { learnedModel } from "../learning/learned-model.ts";

/** "How you work" as the API answers it, and what the planner needs beside it. */
export type PlanProfileState = {
  answer: PlanProfileResponse;
  /** The questionnaire's profile (strategies, reminders), or undefined before it. */
  stated: SchedulingProfile | undefined;
};

/**
 * The person's plan profile in one statement: their edit if they saved one, else seeded from
 * the questionnaire and its free-text answer (read afresh, so a changed questionnaire shows
 * at once), else the default. A stored edit that no longer parses (a schema change) is
 * treated as absent rather than failing every plan.
 */
export async function readPlanProfile(db: Db, userId: string): Promise<PlanProfileState> {
  const [row] = await db
    .select({
      data: domainContexts.profileData,
      answers: domainContexts.questionsResponses,
      edited: planProfiles.profile,
      version: planProfiles.version,
    })
    .from(users)
    .leftJoin(
      domainContexts,
      and(eq(domainContexts.userId, users.id), eq(domainContexts.domain, "productivity")),
    )
    .leftJoin(planProfiles, eq(planProfiles.userId, users.id))
    .where(eq(users.id, userId));
  const parsedStated = schedulingProfile.safeParse(row?.data);
  const stated = parsedStated.success ? parsedStated.data : undefined;
  const version = row?.version ?? 0;
  const edited = planProfile.safeParse(row?.edited);
  if (row?.edited != null && edited.success) {
    return {
      stated,
      answer: {
        profile: edited.data,
        version,
        source: "edited",
        explained: explainPlanProfile(edited.data),
        fromNotes: [],
        resolved: [],
      },
    };
  }
  const answers = row?.answers as
    | { additional_info?: unknown; peak_time?: unknown }
    | null
    | undefined;
  const notes = typeof answers?.additional_info === "string" ? answers.additional_info : "";
  const peakTime = PEAK_TIMES.find((p) => p === answers?.peak_time);
  const seeded = seedPlanProfile({
    scheduling: stated,
    notes,
    statedPeak: peakTime && ENERGY_WINDOWS[peakTime].find((w) => w.level === "peak"),
  });
  return {
    stated,
    answer: {
      profile: seeded.profile,
      version,
      source: stated ? "questionnaire" : "default",
      explained: explainPlanProfile(seeded.profile),
      fromNotes: seeded.fromNotes,
      resolved: seeded.resolved,
    },
  };
}

/**
 * What the scheduler plans with for this person: their plan profile in their zone, with what
 * Sage learned of their hours and estimates.
 * `stated` says whether the hours are theirs (edited or answered) rather than the default.
 */
export async function schedulerProfileFor(
  db: Db,
  opts: { userId: string; timezone: string },
): Promise<{
  profile: SchedulerProfile;
  stated: boolean;
  /** Where the hours come from: the questionnaire, the person's edit, or Sage's default. */
  source: PlanProfileResponse["source"];
  reminderMinutes: number;
}> {
  const { answer, stated } = await readPlanProfile(db, opts.userId);
  const base = toSchedulerProfile(answer.profile, {
    timezone: opts.timezone,
    strategies: stated?.strategies ?? [],
  });
  // what the plan used: the hours and sizes learned from the person's evidence (issue 27)
  const { learned } = await learnedModel(db, {
    userId: opts.userId,
    plan: answer.profile,
    padding: base.estimatePadding,
    now: new Date(),
  });
  return {
    profile: withLearned(base, learned),
    stated: answer.source !== "default",
    source: answer.source,
    reminderMinutes: stated?.reminderMinutes ?? 10,
  };
}
