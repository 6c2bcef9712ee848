import "../../lib/zod-jitless.ts";
import { type FitnessProgram, fitnessProgram } from "../../../core/contract/fitness.ts";
import type { AnswersByQuestion } from "../../../core/fitness/questions.ts";

/** The preview kept across the sign-in round trip (spec §4: signing in saves it). */
export type PendingProgram = {
  answers: AnswersByQuestion;
  program: FitnessProgram;
  usedFallback: boolean;
};

const KEY = "sage.fitness.pending";
const TTL_MS = 30 * 60_000;

export function keepPendingProgram(pending: PendingProgram): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...pending, at: Date.now() }));
  } catch {
    // storage unavailable: after sign-in the person takes the assessment again
  }
}

export function readPendingProgram(): PendingProgram | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<PendingProgram> & { at?: number };
    const program = fitnessProgram.safeParse(data.program);
    const fresh = typeof data.at === "number" && Date.now() - data.at <= TTL_MS;
    if (!program.success || !fresh || typeof data.answers !== "object" || !data.answers) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return {
      answers: data.answers,
      program: program.data,
      usedFallback: Boolean(data.usedFallback),
    };
  } catch {
    return null;
  }
}

export function clearPendingProgram(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
