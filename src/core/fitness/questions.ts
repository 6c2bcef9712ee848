import type { FitnessAnswers, FitnessQuestionId } from "../contract/fitness.ts";

/** Spec §3: a fitness question. */
export type FitnessQuestion = {
  id: FitnessQuestionId;
  question: string;
  type: "select" | "multiselect" | "text";
  options?: readonly string[];
  placeholder?: string;
};

/** Multiselect answers are kept as one string, values joined with a pipe (spec §3). */
export const MULTISELECT_SEPARATOR = "|";

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** The assessment asks these four, in order (the intro's copy promises five; spec §2). */
export const FITNESS_QUESTIONS: readonly FitnessQuestion[] = [
  {
    id: "goal",
    question: "What's your main fitness goal?",
    type: "select",
    options: [
      "Lose weight",
      "Build muscle",
      "Get stronger",
      "Improve endurance",
      "Improve flexibility and mobility",
      "Stay healthy and active",
    ],
  },
  {
    id: "experience",
    question: "How would you describe your current fitness level?",
    type: "select",
    options: [
      "Beginner: new to exercise or returning after a long break",
      "Intermediate: I exercise once or twice a week",
      "Advanced: I train three or more times a week",
    ],
  },
  {
    id: "availability",
    question: "Which days can you work out?",
    type: "multiselect",
    options: WEEKDAYS,
  },
  {
    id: "preferences",
    question: "What should your program take into account?",
    type: "text",
    placeholder:
      "Equipment you have, workouts you enjoy or avoid, injuries. For example: dumbbells at home, I love cycling, my knees get sore.",
  },
];

/** Answers as the flow keeps them, keyed by the question text (spec §3). */
export type AnswersByQuestion = Record<string, string>;

/** Question-text keys → the API's id keys; undefined while any answer is still missing. */
export function answersById(byQuestion: AnswersByQuestion): FitnessAnswers | undefined {
  const entries = FITNESS_QUESTIONS.map((q) => [q.id, byQuestion[q.question]?.trim() ?? ""]);
  if (entries.some(([, value]) => !value)) return undefined;
  return Object.fromEntries(entries) as FitnessAnswers;
}

/** Id keys → question-text keys, the way the saved context records them. */
export function answersByQuestion(byId: FitnessAnswers): AnswersByQuestion {
  return Object.fromEntries(FITNESS_QUESTIONS.map((q) => [q.question, byId[q.id]]));
}
