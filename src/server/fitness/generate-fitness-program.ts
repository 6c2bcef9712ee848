import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import {
  type FitnessAnswers,
  type FitnessProgram,
  fitnessProgram,
} from "../../core/contract/fitness.ts";
import { buildFitnessProgram } from "../../core/fitness/build-program.ts";
import { FITNESS_QUESTIONS } from "../../core/fitness/questions.ts";
import type { LanguageModel } from "../integrations/llm/language-model.ts";
import { parseJsonReply } from "../integrations/llm/parse-json-reply.ts";

export const PROGRAM_MODEL_TIMEOUT_MS = 30_000;

const SYSTEM_PROMPT = `You are an experienced, safety-minded personal trainer. Design a fitness program from the person's assessment answers.
Respect their goal, level, the exact days they can train, their equipment, what they enjoy or avoid, and any injuries.
Answer with one JSON object only, in this shape:
{"overview": string, "weeklyStructure": string, "programLength": string (e.g. "8 weeks"),
 "firstWeekPreview": {"week": 1, "description": string,
   "days": [{"day": string, "focus": string, "duration": string (e.g. "45 minutes"), "exercises": string[], "notes": string}]}}
One entry in "days" per training day; each exercise as "Name: sets × reps" or a duration.`;

/** Models often answer numbers or lists where the shape has text; those are read, not refused. */
const asText = (v: unknown) =>
  typeof v === "number"
    ? String(v)
    : Array.isArray(v)
      ? v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(" ")
      : v;
const lenient = z.preprocess((raw) => {
  if (!raw || typeof raw !== "object") return raw;
  const p = raw as Record<string, unknown>;
  const week = (p.firstWeekPreview ?? {}) as Record<string, unknown>;
  const days = week.days;
  return {
    ...p,
    weeklyStructure: asText(p.weeklyStructure),
    programLength: asText(p.programLength),
    firstWeekPreview: {
      ...week,
      week: typeof week.week === "string" ? Number.parseInt(week.week, 10) : (week.week ?? 1),
      days: Array.isArray(days)
        ? days.map((d) => {
            const day = (d ?? {}) as Record<string, unknown>;
            const duration =
              typeof day.duration === "number" ? `${day.duration} minutes` : day.duration;
            return { ...day, duration, notes: day.notes ?? undefined };
          })
        : days,
    },
  };
}, fitnessProgram);

/**
 * A program for the answers. With a model configured: the spec's request (temperature 0.7,
 * 1200 max tokens), its JSON validated against the program shape; without one, or when the
 * model fails in any way, the built-in generator. With `full` (the plan includes it), the
 * whole multi-week progression comes from the built-in generator — the model writes only the
 * overview's prose, so the weeks always agree with the structure. Never throws.
 */
export async function generateFitnessProgram(input: {
  answers: FitnessAnswers;
  llm: LanguageModel | undefined;
  log: FastifyBaseLogger;
  full?: boolean;
}): Promise<FitnessProgram> {
  const builtIn = () => buildFitnessProgram(input.answers, { full: input.full });
  if (!input.llm) return builtIn();
  try {
    const answersText = FITNESS_QUESTIONS.map((q) => `${q.question}\n${input.answers[q.id]}`).join(
      "\n\n",
    );
    const completion = await input.llm.complete({
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: `Assessment answers:\n\n${answersText}` },
      ],
      temperature: 0.7,
      maxTokens: 1200,
      json: true,
      signal: AbortSignal.timeout(PROGRAM_MODEL_TIMEOUT_MS),
    });
    const program = parseJsonReply(lenient, completion.text);
    if (input.full) return { ...builtIn(), overview: program.overview };
    // the preview is the free part: a full program from the model is not passed on here
    return { ...program, fullProgram: undefined };
  } catch (err) {
    input.log.warn({ err }, "fitness program: model failed, using the built-in generator");
    return builtIn();
  }
}
