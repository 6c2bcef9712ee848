import { numberOf } from "../assistant/lexicon.ts";
import type { FitnessAnswers } from "../contract/fitness.ts";

export type Goal =
  | "lose_weight"
  | "build_muscle"
  | "strength"
  | "endurance"
  | "flexibility"
  | "general";
export type Level = "beginner" | "intermediate" | "advanced";
export type Equipment = "gym" | "dumbbells" | "bodyweight";
export type Cardio = "running" | "cycling" | "swimming" | "rowing" | "walking";
export type Limitation = "knees" | "back" | "shoulders";

/** What the built-in generator understood from the answers. */
export type FitnessIntent = {
  goal: Goal;
  level: Level;
  /** ISO weekdays (1 = Monday), sorted, at least one. */
  days: number[];
  equipment: Equipment;
  /** Named equipment was found in the answer (otherwise `equipment` is a default). */
  equipmentStated: boolean;
  likes: Cardio[];
  dislikes: Cardio[];
  likesYoga: boolean;
  likesHiit: boolean;
  dislikesHiit: boolean;
  limitations: Limitation[];
  lowImpact: boolean;
};

const GOAL_PATTERNS: [Goal, RegExp][] = [
  ["lose_weight", /\b(lose|losing|weight|fat|slim|lean(er)?)\b/],
  ["build_muscle", /\b(muscle|muscular|bulk|size|hypertrophy|tone|toned)\b/],
  ["strength", /\b(strong|stronger|strength|power|lift more)\b/],
  ["endurance", /\b(endurance|stamina|cardio|marathon|5k|10k|run|running|race)\b/],
  ["flexibility", /\b(flexib\w*|mobility|stretch\w*|yoga|supple)\b/],
];

export function readGoal(text: string): Goal {
  const t = text.toLowerCase();
  return GOAL_PATTERNS.find(([, re]) => re.test(t))?.[0] ?? "general";
}

export function readLevel(text: string): Level {
  const t = text.toLowerCase();
  if (/\b(advanced|athlete|experienced|three or more|3\+|every day|daily)\b/.test(t)) {
    return "advanced";
  }
  if (/\b(intermediate|occasional\w*|some|once or twice|moderate)\b/.test(t)) return "intermediate";
  return "beginner";
}

/** Training days spread over a week, for answers that give a number instead of days. */
const SPREAD: Record<number, number[]> = {
  1: [3],
  2: [2, 4],
  3: [1, 3, 5],
  4: [1, 2, 4, 5],
  5: [1, 2, 3, 4, 5],
  6: [1, 2, 3, 4, 5, 6],
  7: [1, 2, 3, 4, 5, 6, 7],
};

const DAY_PATTERNS = [
  /\bmon(day)?s?\b/,
  /\btue(s|sday)?s?\b/,
  /\bwed(nesday)?s?\b/,
  /\bthu(r|rs|rsday)?s?\b/,
  /\bfri(day)?s?\b/,
  /\bsat(urday)?s?\b/,
  /\bsun(day)?s?\b/,
];

export const DEFAULT_DAYS = SPREAD[3]!;

export function readDays(text: string): number[] {
  const t = text.toLowerCase();
  if (/\b(every ?day|daily|all week)\b/.test(t)) return SPREAD[7]!;
  const days = new Set<number>();
  DAY_PATTERNS.forEach((re, i) => {
    if (re.test(t)) days.add(i + 1);
  });
  if (/\bweekdays\b/.test(t)) for (const d of [1, 2, 3, 4, 5]) days.add(d);
  if (/\bweekends?\b/.test(t)) for (const d of [6, 7]) days.add(d);
  if (days.size > 0) return [...days].sort((a, b) => a - b);
  const count = /\b([1-7]|one|two|three|four|five|six|seven)\b\s*(x\s*)?(days?|times?)/.exec(t);
  if (count) {
    const n = numberOf(count[1]!);
    return SPREAD[n] ?? DEFAULT_DAYS;
  }
  return DEFAULT_DAYS;
}

const CARDIO_WORDS: Record<Cardio, string> = {
  running: "run\\w*|jog\\w*",
  cycling: "cycl\\w*|bik\\w*|spin\\w*",
  swimming: "swim\\w*|pool",
  rowing: "row\\w*",
  walking: "walk\\w*|hik\\w*",
};

/** "no running", "I hate jogging", "can't run", "don't like swimming" … */
const NEGATION =
  "(?:no|not|never|hate|hates|dislike|avoid|without|can'?t|cannot|don'?t (?:like|enjoy))";
const negated = (t: string, words: string) =>
  new RegExp(`\\b${NEGATION}\\s+(?:\\w+\\s+){0,2}(?:${words})\\b`).test(t);
const mentioned = (t: string, words: string) => new RegExp(`\\b(?:${words})\\b`).test(t);

function readEquipment(t: string): Equipment | undefined {
  if (/\b(no equipment|bodyweight|body weight|calisthenics)\b/.test(t)) return "bodyweight";
  if (/\b(gym|barbell|machines?|cable|squat rack)\b/.test(t) && !negated(t, "gym")) return "gym";
  if (/\b(dumb-?bells?|kettlebells?|weights|resistance bands?)\b/.test(t)) return "dumbbells";
  if (/\b(home|apartment|hotel|travel\w*)\b/.test(t)) return "bodyweight";
  return undefined;
}

/** Reads a free-text preferences answer. Never throws; unknown text gives sensible defaults. */
export function readIntent(answers: FitnessAnswers): FitnessIntent {
  const goal = readGoal(answers.goal);
  const t = answers.preferences.toLowerCase();
  const stated = readEquipment(t);
  const likes: Cardio[] = [];
  const dislikes: Cardio[] = [];
  for (const [cardio, words] of Object.entries(CARDIO_WORDS) as [Cardio, string][]) {
    if (negated(t, words)) dislikes.push(cardio);
    else if (mentioned(t, words)) likes.push(cardio);
  }
  const limitations: Limitation[] = [];
  if (/\b(knees?|ankles?|hips?|joints?)\b/.test(t)) limitations.push("knees");
  if (/\b(back|spine|disc)\b/.test(t)) limitations.push("back");
  if (/\b(shoulders?|rotator)\b/.test(t)) limitations.push("shoulders");
  return {
    goal,
    level: readLevel(answers.experience),
    days: readDays(answers.availability),
    // equipment nobody mentioned is not assumed: without it, every exercise needs none
    equipment: stated ?? "bodyweight",
    equipmentStated: stated !== undefined,
    likes,
    dislikes,
    likesYoga: mentioned(t, "yoga|pilates") && !negated(t, "yoga|pilates"),
    likesHiit:
      mentioned(t, "hiit|intervals?|circuits?") && !negated(t, "hiit|intervals?|circuits?"),
    dislikesHiit: negated(t, "hiit|intervals?|circuits?|jumping|burpees"),
    limitations,
    lowImpact: limitations.includes("knees") || /\blow[- ]impact\b/.test(t),
  };
}
