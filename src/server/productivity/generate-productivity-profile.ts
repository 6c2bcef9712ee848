import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import {
  NEXT_STEPS_MAX,
  type ProductivityAnswers,
  type ProductivityProfile,
} from "../../core/contract/productivity.ts";
import { composeProductivityProfile } from "../../core/productivity/compose-profile.ts";
import { PRODUCTIVITY_STEPS } from "../../core/productivity/questions.ts";
import type { LanguageModel } from "../integrations/llm/language-model.ts";
import { parseJsonReply } from "../integrations/llm/parse-json-reply.ts";

export const PROFILE_MODEL_TIMEOUT_MS = 20_000;

const modelReply = z.object({
  summary: z.string().trim().min(40).max(3000),
  nextSteps: z
    .array(z.string().trim().min(1).max(400))
    .min(1)
    .transform((steps) => steps.slice(0, NEXT_STEPS_MAX)),
});

const SYSTEM_PROMPT = `You are Sage, a calm and practical AI assistant that manages a person's calendar the way they actually work.
Write the person's calendar-intelligence profile from their questionnaire answers and the scheduling profile already computed for them.
Rules:
- Speak to the person as "you". Warm, specific, plain words; no hype, no scores, no gamification, never shaming.
- The summary is 120 to 200 words in two or three short paragraphs separated by a blank line. Describe how they work and how Sage will plan their days; use only the hours, block lengths, buffers and limits given in the scheduling profile.
- nextSteps: at most 3 concrete actions, one sentence each, doable this week.
- Answer with one JSON object only: {"summary": string, "nextSteps": string[]}.`;

function describeAnswers(answers: ProductivityAnswers): string {
  return PRODUCTIVITY_STEPS.map((step) => {
    if (step.kind === "text") {
      return `${step.question}\n${answers.additional_info.trim() || "(skipped)"}`;
    }
    const options = step.options as readonly {
      value: string;
      label: string;
      description: string;
    }[];
    const chosen = options.find((o) => o.value === answers[step.id]);
    return `${step.question}\n${chosen ? `${chosen.label} (${chosen.description})` : answers[step.id]}`;
  }).join("\n\n");
}

/**
 * The profile for a set of answers. The `scheduling` part is always the deterministic
 * mapping; with a model configured the model writes the summary and the next steps, and any
 * model failure (error, timeout, bad JSON) falls back to the composed text. Never throws.
 */
export async function generateProductivityProfile(input: {
  answers: ProductivityAnswers;
  llm: LanguageModel | undefined;
  log: FastifyBaseLogger;
  /** The person's locale (their browser's Accept-Language), for the hours in the text. */
  locale: string;
}): Promise<ProductivityProfile> {
  const composed = composeProductivityProfile(input.answers, input.locale);
  if (!input.llm) return composed;
  try {
    const completion = await input.llm.complete({
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        {
          role: "user",
          content: `Questionnaire answers:\n\n${describeAnswers(input.answers)}\n\nScheduling profile (JSON):\n${JSON.stringify(composed.scheduling)}\n\nWrite clock times as the locale ${input.locale} writes them.`,
        },
      ],
      temperature: 0.7,
      maxTokens: 700,
      json: true,
      signal: AbortSignal.timeout(PROFILE_MODEL_TIMEOUT_MS),
    });
    const reply = parseJsonReply(modelReply, completion.text);
    return { ...composed, summary: reply.summary, nextSteps: reply.nextSteps };
  } catch (err) {
    input.log.warn({ err }, "productivity profile: model failed, using the composed profile");
    return composed;
  }
}
