import { z } from "zod";
import { domainContextItem } from "./domain-contexts.ts";

export const FITNESS_ANSWER_MAX = 500;

const answer = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(FITNESS_ANSWER_MAX, `must be at most ${FITNESS_ANSWER_MAX} characters`);

/**
 * The four answers keyed by the spec's question ids. Values are the option labels, free text,
 * or (multiselect) labels joined with '|'; the generators tolerate anything within bounds.
 */
export const fitnessAnswers = z.strictObject({
  goal: answer,
  experience: answer,
  availability: answer,
  preferences: answer,
});
export type FitnessAnswers = z.output<typeof fitnessAnswers>;
export type FitnessQuestionId = keyof FitnessAnswers;

export const generateFitnessRequest = z.strictObject({ answers: fitnessAnswers });
export type GenerateFitnessRequest = z.infer<typeof generateFitnessRequest>;

const text = (max: number) => z.string().trim().min(1).max(max);

export const programDay = z.object({
  day: text(40),
  focus: text(120),
  duration: text(40),
  exercises: z.array(text(200)).min(1).max(15),
  notes: z.string().trim().max(500).optional(),
});
export type ProgramDay = z.infer<typeof programDay>;

export const programWeek = z.object({
  week: z.number().int().min(1).max(52),
  description: text(1000),
  days: z.array(programDay).min(1).max(7),
});
export type ProgramWeek = z.infer<typeof programWeek>;

/** Spec §3: the fitness program. `fullProgram` is the paid, complete plan (optional). */
export const fitnessProgram = z.object({
  overview: text(3000),
  weeklyStructure: text(3000),
  firstWeekPreview: programWeek,
  programLength: text(60),
  fullProgram: z.array(programWeek).max(16).optional(),
});
export type FitnessProgram = z.infer<typeof fitnessProgram>;

export const generateFitnessResponse = z.object({ program: fitnessProgram });
export type GenerateFitnessResponse = z.infer<typeof generateFitnessResponse>;

/** POST /api/fitness/save (bearer): the preview the person saw becomes their fitness context. */
export const saveFitnessRequest = z.strictObject({
  answers: fitnessAnswers,
  program: fitnessProgram,
});
export type SaveFitnessRequest = z.infer<typeof saveFitnessRequest>;

export const saveFitnessResponse = z.object({ saved: z.literal(true), context: domainContextItem });
export type SaveFitnessResponse = z.infer<typeof saveFitnessResponse>;

/** GET /api/fitness/program: the program the person saved, or null before they saved one. */
export const savedFitnessProgramResponse = z.object({
  program: fitnessProgram.nullable(),
  savedAt: z.string().nullable(),
});
export type SavedFitnessProgramResponse = z.infer<typeof savedFitnessProgramResponse>;
