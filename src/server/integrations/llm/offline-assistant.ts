import { composeAreaReply } from "../../../core/onboarding/compose-area-reply.ts";
import { PRODUCTIVITY_QUESTION_COUNT } from "../../../core/question-counts.ts";
import type {
  AssistantContext,
  Completion,
  CompletionRequest,
  LanguageModel,
} from "./language-model.ts";

export const OFFLINE_MODEL_NAME = "sage-offline";

const PEAK: Record<string, { label: string; hours: string }> = {
  early_morning: { label: "early morning", hours: "6:00–9:00" },
  morning: { label: "morning", hours: "9:00–12:00" },
  midday: { label: "midday", hours: "11:00–14:00" },
  afternoon: { label: "afternoon", hours: "13:00–17:00" },
  evening: { label: "evening", hours: "17:00–21:00" },
  night: { label: "night", hours: "20:00–24:00" },
  varies: { label: "varying", hours: "whichever two hours feel sharpest that day" },
};

const BLOCK: Record<string, { minutes: number; text: string }> = {
  quick_sprints: { minutes: 25, text: "25-minute sprints with 5-minute breaks" },
  medium_sessions: { minutes: 50, text: "50-minute sessions with 10-minute breaks" },
  deep_work: { minutes: 90, text: "90-minute deep-work blocks with a 20-minute break after each" },
  tiny_tasks: { minutes: 15, text: "15-minute tiny tasks you can finish in one go" },
  one_thing: {
    minutes: 120,
    text: "one long block for a single priority, protected from meetings",
  },
  variety: { minutes: 45, text: "45-minute blocks that switch between different kinds of work" },
};

const AVOIDANCE: Record<string, string> = {
  anxious_avoid:
    "When a task makes you anxious, shrink the first step until it feels almost silly — open the document, write one sentence — and schedule only that.",
  distract_easier:
    "Since distractions pull at you, put the hard task first in the block, before messages and e-mail, and keep the phone in another room for that block only.",
  force_miserable:
    "Forcing yourself through works, but it's costly. Try a shorter block with a real reward after it rather than one long grind.",
  last_minute:
    "If deadlines are what get you moving, make earlier, smaller ones: I'd put a 'first draft due' block two days before the real deadline.",
  freeze:
    "When you freeze, decide the next action for tomorrow at the end of today, so the next session starts with no decision to make.",
  power_through:
    "Powering through is a strength; just keep buffers between blocks so a long push doesn't eat the rest of the day.",
};

const STRUGGLE: Record<string, string> = {
  procrastination: "procrastination",
  overwhelm: "feeling overwhelmed",
  focus: "staying focused",
  time_blindness: "losing track of time",
  motivation: "motivation",
  energy: "low energy",
};

type Intent =
  | "cannot"
  | "help"
  | "greeting"
  | "plan"
  | "procrastination"
  | "focus"
  | "overwhelm"
  | "energy"
  | "break"
  | "other";

const CANNOT =
  /^(?:(?:can|could|would) you |please |pls )*(send|e-?mail|text|message|phone|call|ring|order|buy|pay|book (?:a |me a )?(?:flight|hotel|train|taxi|cab|uber)|set an alarm|wake me)\b\s*(.*)$/i;

const INTENTS: [Intent, RegExp][] = [
  ["cannot", CANNOT],
  ["help", /\b(what can you do|help me understand|how do you work|who are you|what are you)\b/i],
  ["greeting", /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.?]*$/i],
  ["overwhelm", /\b(overwhelm\w*|too much|stress\w*|swamped|drowning|anxious)\b/i],
  [
    "procrastination",
    /\b(procrastinat\w*|putting (it )?off|avoid\w*|stuck|can't start|motivat\w*)\b/i,
  ],
  ["focus", /\b(focus\w*|distract\w*|concentrat\w*|attention)\b/i],
  ["energy", /\b(tired|energy|exhausted|sleepy|burn(ed|t)? out|slump)\b/i],
  ["break", /\b(break|rest|pause|lunch)\b/i],
  [
    "plan",
    /\b(plan|schedule|week|tomorrow|today|calendar|time ?block|deadline|task|organi[sz]e)\b/i,
  ],
];

function detectIntent(message: string): Intent {
  return INTENTS.find(([, re]) => re.test(message))?.[0] ?? "other";
}

/**
 * Whether the offline reply to `message` is the generic fallback ("Tell me the next step…"):
 * no calendar request, no advice it recognises — the assistant only asks for more.
 */
export function isNonAnswer(message: string): boolean {
  return detectIntent(message) === "other";
}

function answer(context: AssistantContext | undefined, key: string): string | undefined {
  const value = context?.answers?.[key];
  return typeof value === "string" && value ? value : undefined;
}

/** A stable pick among phrasings: replies vary with the message, never between runs. */
function vary(seed: string, options: string[]): string {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return options[h % options.length]!;
}

/**
 * Composes a useful, profile-aware reply. Deterministic: same input, same answer. Peak hours
 * come from the saved scheduling profile (the planner's own), so chat never contradicts it.
 */
export function composeOfflineReply(message: string, context?: AssistantContext): string {
  const peak = PEAK[answer(context, "peak_time") ?? ""];
  const block = BLOCK[answer(context, "work_style") ?? ""];
  const avoidance = AVOIDANCE[answer(context, "avoidance") ?? ""];
  const struggle = STRUGGLE[answer(context, "struggle") ?? ""];
  const plan = context?.plan;
  const hasProfile = Boolean(peak || block || avoidance || struggle || context?.peakHours || plan);
  const hours = context?.peakHours;
  // the questionnaire's word for the peak only while it is still the peak the planner uses
  const said = peak && (!plan || plan.peakAsAnswered) ? peak : undefined;
  const peakLine =
    said && hours
      ? `Your best hours are in the **${said.label}** (${hours}), so that's where the hardest work goes.`
      : hours
        ? `Your best hours are ${hours}${plan?.learnedHours ? " — as I've seen you work" : ""}, so that's where the hardest work goes.`
        : said
          ? `Your best hours are in the **${said.label}**, so that's where the hardest work goes.`
          : "Tell me when in the day you feel sharpest, and I'll put your hardest work there.";
  const focusMinutes = plan?.focusBlockMinutes ?? block?.minutes;
  const blockLine =
    block && (!plan || plan.focusBlockMinutes === block.minutes)
      ? `You work best in ${block.text}.`
      : plan
        ? `I plan your focus work in ${plan.focusBlockMinutes}-minute blocks with ${plan.breakMinutes}-minute breaks.`
        : "Start with 50-minute blocks and a 10-minute break, then adjust.";
  const padding = plan ? Math.round((plan.estimatePadding - 1) * 100) : 25;
  const paddingLine = plan?.learnedEstimate
    ? padding > 0
      ? `I plan your tasks about ${padding}% longer than your estimates — that's how long yours have really taken.`
      : "I plan your tasks as long as you estimate — that's how long yours have really taken."
    : padding > 0
      ? `I add about ${padding}% to your estimates, because most tasks take longer than we think.`
      : "I take your estimates as they are.";
  const bufferLine = plan
    ? `I keep ${plan.bufferMinutes} minutes around meetings and ${plan.breakMinutes} between blocks, so one overrun doesn't topple the day.`
    : "Leave 10–15 minutes between blocks and around meetings, so one overrun doesn't topple the day.";
  const slackLine = plan
    ? `I plan at most ${formatHours(plan.dailyLoadCapMinutes)} of focused work a day; the rest absorbs surprises.`
    : "Fill no more than about 70% of your free time; the rest absorbs surprises.";
  // said once, where it helps — never as a footer on every reply, never to someone who has
  // answered already, and only where the productivity profile is what the advice would use
  const nudgeFits =
    !hasProfile &&
    !context?.questionnaireDone &&
    (!context || context.domain === "general" || context.domain === "productivity");
  const profileNudge = nudgeFits
    ? `\n\nIf you answer the ${PRODUCTIVITY_QUESTION_COUNT} questions of the Calendar Intelligence questionnaire, my advice will fit how you actually work.`
    : "";
  const where = said
    ? `in your ${said.label}`
    : hours
      ? `in your peak hours (${hours})`
      : "tomorrow morning";

  switch (detectIntent(message)) {
    case "cannot": {
      const [, verb = "", rest = ""] = CANNOT.exec(message.trim()) ?? [];
      const what = `${verb} ${rest}`.replace(/[?.!\s]+$/, "").trim();
      const title = what.charAt(0).toUpperCase() + what.slice(1);
      return `That's something I can't do for you — I only work with your calendar and tasks. I can put it on your list, though: say “add task ${title} 15 min”, or give it a time (“add ${title} tomorrow at 10am”).`;
    }
    case "help":
      return `I'm Sage, your calendar assistant. I can:\n\n- plan your day or week around your energy, with realistic time blocks and buffers\n- help you start tasks you keep putting off, with a tiny first step\n- suggest how to structure focus time and breaks\n\nI won't score you or shame you for missed tasks — we just find the next good slot.${profileNudge}`;
    case "greeting":
      return `${vary(message, ["Hi!", "Hello!", "Hi there!"])} What would you like to work on — planning your week, getting started on something you've been avoiding, or protecting time to focus?${profileNudge}`;
    case "plan":
      return (
        [
          "Here's how I'd shape your plan:",
          "",
          `1. **Hardest task first, at your peak.** ${peakLine}`,
          `2. **Realistic blocks.** ${blockLine} ${paddingLine}`,
          `3. **Buffers.** ${bufferLine}`,
          `4. **Leave slack.** ${slackLine}`,
          "",
          "Tell me your tasks with a rough length and any deadlines (for example: *report, 3 hours, due Friday*), and I'll turn them into time blocks.",
        ].join("\n") + profileNudge
      );
    case "procrastination":
      return `That's very common${struggle === "procrastination" ? " — and you told me it's your main struggle, so let's make it easier" : ""}. ${avoidance ?? "Shrink the first step until it takes ten minutes or less, and schedule only that."}\n\nPick the task you're avoiding and tell me its very first physical action. I'll put a 10-minute block for it ${where}.`;
    case "focus":
      return `A few things that help focus:\n\n- ${blockLine}\n- One task per block, written down before it starts.\n- Notifications off for the block only — you can check everything in the break.\n- ${peakLine}`;
    case "overwhelm":
      return `Let's make it smaller. Write everything down, then pick **just three** things that matter this week. Everything else waits, guilt-free.\n\nI'll give each of the three a block ${said || hours ? where : "at your best time"} and leave slack around them. What are your three?`;
    case "energy":
      return `Work with your energy rather than against it. ${peakLine} Put admin, e-mail and easy tasks in your low hours, and protect a real break after every ${focusMinutes ?? 50} minutes of focused work.`;
    case "break":
      return `Breaks are part of the plan, not a reward. ${focusMinutes ? `After each of your ${focusMinutes}-minute blocks, take` : "Take"} a short break away from the screen, and a longer one (30–60 minutes) in the middle of the day.`;
    default:
      return vary(message, [
        `I can help by turning that into time on your calendar. What's the next concrete step, and roughly how long will it take? ${peakLine}`,
        `Let's make it concrete: what's the first step, and about how long will it take? Then I can find it a slot. ${peakLine}`,
        `Tell me the next step and a rough length, and I'll find it a good time. ${peakLine}`,
      ]);
  }
}

/** 360 → "6 hours", 330 → "5½ hours", 45 → "45 minutes". */
function formatHours(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return h === 1 ? "1 hour" : `${h} hours`;
  if (rest === 30) return `${h}½ hours`;
  return `${h} h ${String(rest).padStart(2, "0")}`;
}

/** Rough token count for usage logs (about four characters a token). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * The built-in offline assistant: deterministic, no network, behind the same interface as a
 * provider's model, so streaming, persistence and the allowance behave identically. Given the
 * person's calendar, it first tries to understand the message as a calendar request (and runs
 * it); in another life area's assistant it says plainly what it does there; otherwise it
 * composes profile-aware advice.
 */
export function createOfflineAssistant(opts: { chunkDelayMs?: number } = {}): LanguageModel {
  const delay = opts.chunkDelayMs ?? 12;

  async function* stream(request: CompletionRequest): AsyncGenerator<string, Completion> {
    const lastUser = request.messages.findLastIndex((m) => m.role === "user");
    const message = request.messages[lastUser]?.content ?? "";
    const history = request.messages.filter((m, i) => m.role !== "system" && i !== lastUser);
    // a known answer (a calendar change, a line about the area) is counted by its own length
    const acted = await request.calendar?.act(message, history);
    const known =
      acted?.text ??
      (request.context
        ? composeAreaReply({ domain: request.context.domain, answers: request.context.answers })
        : undefined);
    const text = known ?? composeOfflineReply(message, request.context);
    const tokensUsed = known
      ? estimateTokens(message + known)
      : estimateTokens(request.messages.map((m) => m.content).join(" ")) + estimateTokens(text);
    const pieces = text.match(/\S+\s*/g) ?? [text];
    const size = known ? 4 : 3;
    for (let i = 0; i < pieces.length; i += size) {
      if (request.signal?.aborted) break;
      yield pieces.slice(i, i + size).join("");
      if (!known && delay > 0) await new Promise((r) => setTimeout(r, delay));
    }
    // asking for the next step, asking back, small talk: not an answer, so no allowance used
    return {
      text,
      model: OFFLINE_MODEL_NAME,
      tokensUsed,
      ...(acted?.uncharged || (known === undefined && isNonAnswer(message))
        ? { uncharged: true }
        : {}),
    };
  }

  return {
    kind: "built-in",
    async complete(request) {
      const it = stream(request);
      let step = await it.next();
      while (!step.done) step = await it.next();
      return step.value;
    },
    stream,
  };
}
