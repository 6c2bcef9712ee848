import "../../lib/zod-jitless.ts";
import {
  type ProductivityAnswers,
  productivityAnswers,
  type SchedulingProfile,
} from "../../../core/contract/productivity.ts";
import {
  composeProductivityProfile,
  GENERIC_NEXT_STEPS,
  UNAVAILABLE_SUMMARY,
} from "../../../core/productivity/compose-profile.ts";
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

const KEY = "sage.productivity.pending";
const TTL_MS = 30 * 60_000;

/** Keeps the finished questionnaire across the sign-in round trip. */
export function keepPendingProfile(pending: PendingProfile): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...pending, at: Date.now() }));
  } catch {
    // storage unavailable: after sign-in the person answers again
  }
}

export function readPendingProfile(): PendingProfile | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as PendingProfile & { at?: number };
    const answers = productivityAnswers.safeParse(data.answers);
    if (!answers.success || typeof data.at !== "number" || Date.now() - data.at > TTL_MS) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return { answers: answers.data, outcome: data.outcome };
  } catch {
    return null;
  }
}

export function clearPendingProfile(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
