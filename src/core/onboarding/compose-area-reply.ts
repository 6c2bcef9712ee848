import { areaHelp } from "./area-help.ts";
import { QUESTION_SETS } from "./question-sets.ts";

const ANSWERS_SHOWN = 2;

/**
 * The built-in assistant's answer inside another life area's assistant (travel, career …)
 * to a message that is not a calendar request. Sage is a calendar assistant: the reply says
 * plainly what it does not do there, what it does for that area's time, a request that
 * works, and what it knows from the person's answers — never time-blocking advice in place
 * of help it cannot give. Undefined for productivity and general chats. Deterministic.
 */
export function composeAreaReply(input: {
  domain: string;
  answers?: Record<string, unknown>;
}): string | undefined {
  const help = areaHelp(input.domain);
  if (!help) return undefined;
  const set = QUESTION_SETS[input.domain as keyof typeof QUESTION_SETS];
  const known = Object.entries(input.answers ?? {})
    .filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "")
    .slice(0, ANSWERS_SHOWN)
    .map(([question, answer]) => {
      const label = set.questions.find((q) => q.question === question)?.label ?? question;
      // a multiselect answer is stored joined with "|" (the fitness days): said as words
      const said = answer
        .split("|")
        .map((part) => part.trim())
        .filter(Boolean)
        .join(", ");
      return `- ${label}: ${said.replace(/\s+/g, " ").slice(0, 200)}`;
    });
  return [
    `I'm Sage, a calendar assistant, so I can't ${help.cannot}.`,
    "",
    `What I can do for your ${set.name} is the time it needs: ${help.calendarHelp}.`,
    ...(known.length > 0 ? ["", "From what you told me:", ...known] : []),
    "",
    `Try: *${help.example}*`,
  ].join("\n");
}
