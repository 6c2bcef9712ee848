import { type OnboardingDomain, QUESTION_SETS } from "./question-sets.ts";

/** Longest piece of one answer that goes into the summary; the rest is cut at a word. */
const ANSWER_LIMIT = 280;

/** Collapses whitespace, cuts long answers at a word boundary and ends with punctuation. */
function tidy(answer: string): string {
  let text = answer.replace(/\s+/g, " ").trim();
  if (text.length > ANSWER_LIMIT) {
    const cut = text.slice(0, ANSWER_LIMIT);
    const lastSpace = cut.lastIndexOf(" ");
    text = `${(lastSpace > ANSWER_LIMIT / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, "")}…`;
  }
  if (!/[.!?…)"']$/.test(text)) text += ".";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A question the built-in set does not know (e.g. one a model wrote) is labelled by itself. */
function labelFor(domain: OnboardingDomain, question: string): string {
  const known = QUESTION_SETS[domain].questions.find((q) => q.question === question.trim());
  if (known) return known.label;
  return question.trim().replace(/[?:.\s]+$/, "");
}

/**
 * Writes the profile text the assistant is given as context, from the onboarding answers
 * (keyed by question text). Deterministic; blank answers are left out; never throws.
 */
export function composeContextSummary(input: {
  domain: OnboardingDomain;
  answers: Record<string, string>;
}): string {
  const set = QUESTION_SETS[input.domain];
  const lines = Object.entries(input.answers)
    .filter(([, answer]) => answer.trim() !== "")
    .map(([question, answer]) => `${labelFor(input.domain, question)}: ${tidy(answer)}`);

  const title = `${set.name.charAt(0).toUpperCase()}${set.name.slice(1)} profile`;
  if (lines.length === 0) {
    return `${title}\nNo details shared yet. Your ${set.name} assistant will ask as you go and help with ${set.focus}.`;
  }
  const shared = lines.length === 1 ? "one thing" : `${lines.length} things`;
  return [
    title,
    ...lines,
    `You shared ${shared} about this part of your life. Your ${set.name} assistant will build on it, keep plans realistic for the time you have, and help with ${set.focus}.`,
  ].join("\n");
}
