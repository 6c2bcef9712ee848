import "../../lib/zod-jitless.ts";
import { z } from "zod";
import {
  type ProductivityAnswers,
  productivityAnswers,
  type SchedulingProfile,
  schedulingProfile,
} from "../../../core/contract/productivity.ts";
import {
  composeProductivityProfile,
  GENERIC_NEXT_STEPS,
  UNAVAILABLE_SUMMARY,
} from "../../../core/productivity/compose-profile.ts";
import { sessionValue } from "../../lib/session-value.ts";
import { userLocale } from "../../lib/user-locale.ts";

/** What the result screen shows. `scheduling` is null only when nothing could be built. */
export type ProfileOutcome = {
  summary: string;
  nextSteps: string[];
  scheduling: SchedulingProfile | null;
  saved: boolean;
  /** Said above the profile when it did not come from the server. */
  notice?: string;
};

/**
 * When the server could not be asked: the profile composed on this device from the answers
 * (the same composer the server uses), or — if even the answers are unusable — spec §4's
 * 'Context summary unavailable' with three generic steps.
 */
export function localOutcome(answers: unknown, reason: string): ProfileOutcome {
  const parsed = productivityAnswers.safeParse(answers);
  if (!parsed.success) {
    return {
      summary: UNAVAILABLE_SUMMARY,
      nextSteps: [...GENERIC_NEXT_STEPS],
      scheduling: null,
      saved: false,
      notice: reason,
    };
  }
  const profile = composeProductivityProfile(parsed.data, userLocale());
  return { ...profile, saved: false, notice: reason };
}

export type PendingProfile = { answers: ProductivityAnswers; outcome: ProfileOutcome };

const profileOutcome = z.object({
  summary: z.string(),
  nextSteps: z.array(z.string()),
  scheduling: schedulingProfile.nullable(),
  saved: z.boolean(),
  notice: z.string().optional(),
});

// storage unavailable: after sign-in the person answers again
const pendingProfile = sessionValue(
  "sage.productivity.pending",
  z.object({ answers: productivityAnswers, outcome: profileOutcome }),
  { maxAgeMs: 30 * 60_000 },
);

/** Keeps the finished questionnaire across the sign-in round trip. */
export function keepPendingProfile(pending: PendingProfile): void {
  pendingProfile.write(pending);
}

export function readPendingProfile(): PendingProfile | null {
  return pendingProfile.read();
}

export function clearPendingProfile(): void {
  pendingProfile.clear();
}
