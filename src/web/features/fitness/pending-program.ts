import "../../lib/zod-jitless.ts";
import { z } from "zod";
import { type FitnessProgram, fitnessProgram } from "../../../core/contract/fitness.ts";
import type { AnswersByQuestion } from "../../../core/fitness/questions.ts";
import { sessionValue } from "../../lib/session-value.ts";

/** The preview kept across the sign-in round trip (spec §4: signing in saves it). */
export type PendingProgram = {
  answers: AnswersByQuestion;
  program: FitnessProgram;
  usedFallback: boolean;
};

// storage unavailable: after sign-in the person takes the assessment again
const pendingProgram = sessionValue(
  "sage.fitness.pending",
  z.object({
    answers: z.record(z.string(), z.string()),
    program: fitnessProgram,
    usedFallback: z.boolean(),
  }),
  { maxAgeMs: 30 * 60_000 },
);

export function keepPendingProgram(pending: PendingProgram): void {
  pendingProgram.write(pending);
}

export function readPendingProgram(): PendingProgram | null {
  return pendingProgram.read();
}

export function clearPendingProgram(): void {
  pendingProgram.clear();
}
