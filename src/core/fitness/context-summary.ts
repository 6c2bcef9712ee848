import type { FitnessAnswers, FitnessProgram } from "../contract/fitness.ts";
import { FITNESS_QUESTIONS, MULTISELECT_SEPARATOR } from "./questions.ts";

/** The saved fitness context as the assistant reads it: the answers, then the program's gist. */
export function fitnessContextSummary(answers: FitnessAnswers, program: FitnessProgram): string {
  const lines = FITNESS_QUESTIONS.map((q) => {
    const value = answers[q.id].split(MULTISELECT_SEPARATOR).join(", ");
    return `${q.question} ${value}`;
  });
  return [
    ...lines,
    `Program (${program.programLength}): ${program.overview}`,
    `Weekly structure: ${program.weeklyStructure}`,
  ].join("\n");
}
