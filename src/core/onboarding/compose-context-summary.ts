import { areaHelp } from "./area-help.ts";
import { type OnboardingDomain, QUESTION_SETS } from "./question-sets.ts";

/** Longest piece of one answer that goes into the summary; the rest is cut at a word. */
const ANSWER_LIMIT = 280;

/**
 * The person's words as they go inside quotes: whitespace collapsed, a long answer cut at a
 * word boundary, closing commas and full stops dropped (the sentence supplies its own).
 */
function words(answer: string): string {
  const text = answer.replace(/\s+/g, " ").trim();
  if (text.length > ANSWER_LIMIT) {
    const cut = text.slice(0, ANSWER_LIMIT);
    const lastSpace = cut.lastIndexOf(" ");
    return `${(lastSpace > ANSWER_LIMIT / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, "")}…`;
  }
  return text.replace(/[\s,;:.]+$/, "");
}

/**
 * One sentence for one answer: the built-in question's own sentence, or — for a question the
 * set does not know (one a model wrote) — the question and the answer side by side.
 */
function sentenceFor(domain: OnboardingDomain, question: string, answer: string): string {
  const quoted = `“${words(answer)}”`;
  const known = QUESTION_SETS[domain].questions.find((q) => q.question === question.trim());
  if (known) return known.sentence.replace("{}", quoted);
  const asked = question.trim().replace(/\s+/g, " ");
  return `Asked “${asked}”, you said ${quoted}.`;
}

/**
 * Writes the profile text the assistant is given as context, from the onboarding answers
 * (keyed by question text): a title, a short paragraph with one sentence per answer (the
 * person's own words quoted inside it, not pasted after labels), and what Sage does for the
 * area. Deterministic; blank answers are left out; never throws.
 */
export function composeContextSummary(input: {
  domain: OnboardingDomain;
  answers: Record<string, string>;
}): string {
  const set = QUESTION_SETS[input.domain];
  const sentences = Object.entries(input.answers)
    .filter(([, answer]) => answer.trim() !== "")
    .map(([question, answer]) => sentenceFor(input.domain, question, answer));

  const title = `${set.name.charAt(0).toUpperCase()}${set.name.slice(1)} profile`;
  // what Sage does with this area: for areas beyond the calendar, the time it needs, said plainly
  const help = areaHelp(input.domain);
  const does = help
    ? `Sage is a calendar assistant: for your ${set.name} it will ${help.calendarHelp}; it can't ${help.cannot}.`
    : `Your ${set.name} assistant will help with ${set.focus}.`;
  if (sentences.length === 0) return `${title}\nNo details shared yet.\n${does}`;
  return [title, sentences.join(" "), does].join("\n");
}
