import { and, eq, sql } from "drizzle-orm";
import type { PlanProfile, PlanProfileResponse } from "../../core/contract/plan-profile.ts";
import { explainPlanProfile } from "../../core/plan-profile/seed-plan-profile.ts";
import type { Db } from "../db/client.ts";
import { planProfiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { readPlanProfile } from "./read-plan-profile.ts";
import { requestReplan } from "./replan-worker.ts";

/** Days and windows in order, so a saved profile reads the same however it was sent. */
function normalize(p: PlanProfile): PlanProfile {
  return {
    ...p,
    workingDays: [...p.workingDays].sort((a, b) => a - b),
    energyWindows: [...p.energyWindows].sort((a, b) => a.start - b.start),
  };
}

/**
 * Saves the person's edit of "How you work" if `version` is the one they edited (optimistic
 * concurrency, like an event's PUT): one conditional statement, so of two saves from the
 * same version exactly one wins and the other gets 409 with the current profile in
 * `details.current`. Version 0 is "never saved": the row is created. The version rises.
 */
export async function savePlanProfile(
  db: Db,
  opts: { userId: string; version: number; profile: PlanProfile },
): Promise<PlanProfileResponse> {
  const profile = normalize(opts.profile);
  const saved = await db.transaction(async (tx) => {
    const [row] =
      opts.version === 0
        ? await tx
            .insert(planProfiles)
            .values({ userId: opts.userId, profile, version: 1 })
            .onConflictDoUpdate({
              target: planProfiles.userId,
              set: { profile, version: sql`${planProfiles.version} + 1`, updatedAt: sql`now()` },
              setWhere: eq(planProfiles.version, 0),
            })
            .returning({ version: planProfiles.version })
        : await tx
            .update(planProfiles)
            .set({ profile, version: sql`${planProfiles.version} + 1`, updatedAt: sql`now()` })
            .where(
              and(eq(planProfiles.userId, opts.userId), eq(planProfiles.version, opts.version)),
            )
            .returning({ version: planProfiles.version });
    // the plan rests on the profile: Sage re-plans by itself (decision 030)
    if (row) await requestReplan(tx, opts.userId);
    return row;
  });
  if (saved) {
    return {
      profile,
      version: saved.version,
      source: "edited",
      explained: explainPlanProfile(profile),
      fromNotes: [],
      resolved: [],
    };
  }
  const current = (await readPlanProfile(db, opts.userId)).answer;
  throw new AppError(
    409,
    "conflict",
    "How you work was changed elsewhere (another tab, or the questionnaire). The latest version is shown.",
    { current },
  );
}
