import type { Cardio, Equipment, FitnessIntent, Goal, Level } from "./read-answers.ts";

export type SessionKind =
  | "full_a"
  | "full_b"
  | "upper"
  | "lower"
  | "push"
  | "pull"
  | "conditioning"
  | "cardio_easy"
  | "cardio_intervals"
  | "cardio_long"
  | "mobility"
  | "recovery";

/** The week's sessions for a goal and a number of training days (index = days − 1). */
export const WEEK_PLANS: Record<Goal, readonly (readonly SessionKind[])[]> = {
  build_muscle: [
    ["full_a"],
    ["full_a", "full_b"],
    ["full_a", "full_b", "full_a"],
    ["upper", "lower", "upper", "lower"],
    ["push", "pull", "lower", "upper", "lower"],
    ["push", "pull", "lower", "push", "pull", "lower"],
    ["push", "pull", "lower", "push", "pull", "lower", "recovery"],
  ],
  strength: [
    ["full_a"],
    ["full_a", "full_b"],
    ["full_a", "full_b", "full_a"],
    ["upper", "lower", "upper", "lower"],
    ["upper", "lower", "mobility", "upper", "lower"],
    ["upper", "lower", "conditioning", "upper", "lower", "mobility"],
    ["upper", "lower", "conditioning", "upper", "lower", "mobility", "recovery"],
  ],
  lose_weight: [
    ["full_a"],
    ["full_a", "conditioning"],
    ["full_a", "conditioning", "full_b"],
    ["full_a", "cardio_easy", "full_b", "conditioning"],
    ["full_a", "cardio_easy", "full_b", "conditioning", "cardio_long"],
    ["full_a", "cardio_easy", "full_b", "conditioning", "mobility", "cardio_long"],
    ["full_a", "cardio_easy", "full_b", "conditioning", "mobility", "cardio_long", "recovery"],
  ],
  endurance: [
    ["cardio_long"],
    ["cardio_intervals", "cardio_long"],
    ["cardio_intervals", "full_a", "cardio_long"],
    ["cardio_easy", "cardio_intervals", "full_a", "cardio_long"],
    ["cardio_easy", "cardio_intervals", "full_a", "cardio_easy", "cardio_long"],
    ["cardio_easy", "cardio_intervals", "full_a", "cardio_easy", "mobility", "cardio_long"],
    [
      "cardio_easy",
      "cardio_intervals",
      "full_a",
      "cardio_easy",
      "mobility",
      "cardio_long",
      "recovery",
    ],
  ],
  flexibility: [
    ["mobility"],
    ["mobility", "full_a"],
    ["mobility", "full_a", "mobility"],
    ["mobility", "full_a", "mobility", "cardio_easy"],
    ["mobility", "full_a", "mobility", "cardio_easy", "mobility"],
    ["mobility", "full_a", "mobility", "cardio_easy", "mobility", "full_b"],
    ["mobility", "full_a", "mobility", "cardio_easy", "mobility", "full_b", "recovery"],
  ],
  general: [
    ["full_a"],
    ["full_a", "cardio_easy"],
    ["full_a", "cardio_easy", "full_b"],
    ["full_a", "cardio_easy", "full_b", "mobility"],
    ["full_a", "cardio_easy", "full_b", "mobility", "conditioning"],
    ["full_a", "cardio_easy", "full_b", "mobility", "conditioning", "cardio_long"],
    ["full_a", "cardio_easy", "full_b", "mobility", "conditioning", "cardio_long", "recovery"],
  ],
};

type Lift = { name: Record<Equipment, string>; role: "main" | "accessory" | "core" };
const lift = (role: Lift["role"], gym: string, dumbbells: string, bodyweight: string): Lift => ({
  role,
  name: { gym, dumbbells, bodyweight },
});

const LIFTS: Record<"full_a" | "full_b" | "upper" | "lower" | "push" | "pull", Lift[]> = {
  full_a: [
    lift("main", "Back squat", "Goblet squat", "Bodyweight squat"),
    lift("main", "Bench press", "Dumbbell floor press", "Push-up (hands on a bench if needed)"),
    lift("main", "Barbell row", "One-arm dumbbell row", "Inverted row under a sturdy table"),
    lift("accessory", "Romanian deadlift", "Dumbbell Romanian deadlift", "Glute bridge"),
    lift("core", "Plank", "Plank", "Plank"),
  ],
  full_b: [
    lift("main", "Deadlift", "Dumbbell deadlift", "Reverse lunge"),
    lift("main", "Overhead press", "Dumbbell shoulder press", "Pike push-up"),
    lift("main", "Lat pulldown", "Dumbbell pullover", "Superman hold"),
    lift("accessory", "Walking lunge", "Dumbbell step-up", "Single-leg glute bridge"),
    lift("core", "Side plank", "Side plank", "Side plank"),
  ],
  upper: [
    lift("main", "Bench press", "Dumbbell bench press", "Push-up"),
    lift("main", "Barbell row", "One-arm dumbbell row", "Inverted row under a sturdy table"),
    lift("main", "Overhead press", "Dumbbell shoulder press", "Pike push-up"),
    lift("accessory", "Lat pulldown", "Dumbbell pullover", "Towel row in a doorway"),
    lift("accessory", "Biceps curl", "Hammer curl", "Chair dip"),
  ],
  lower: [
    lift("main", "Back squat", "Goblet squat", "Bulgarian split squat"),
    lift("main", "Romanian deadlift", "Dumbbell Romanian deadlift", "Single-leg glute bridge"),
    lift("accessory", "Leg press", "Dumbbell step-up", "Step-up onto a chair"),
    lift("accessory", "Walking lunge", "Reverse lunge", "Reverse lunge"),
    lift("core", "Standing calf raise", "Standing calf raise", "Single-leg calf raise"),
  ],
  push: [
    lift("main", "Bench press", "Dumbbell bench press", "Push-up"),
    lift("main", "Overhead press", "Dumbbell shoulder press", "Pike push-up"),
    lift("accessory", "Incline dumbbell press", "Incline dumbbell press", "Decline push-up"),
    lift("accessory", "Lateral raise", "Lateral raise", "Plank shoulder tap"),
    lift("accessory", "Triceps pushdown", "Overhead triceps extension", "Chair dip"),
  ],
  pull: [
    lift(
      "main",
      "Pull-up or lat pulldown",
      "One-arm dumbbell row",
      "Inverted row under a sturdy table",
    ),
    lift("main", "Barbell row", "Dumbbell pullover", "Towel row in a doorway"),
    lift("accessory", "Seated cable row", "Rear-delt fly", "Reverse snow angel"),
    lift("accessory", "Face pull", "Dumbbell shrug", "Superman hold"),
    lift("accessory", "Biceps curl", "Hammer curl", "Backpack curl"),
  ],
};

/**
 * How hard one week is compared with week 1: the progression the full program applies.
 * Week 1's load changes nothing.
 */
export type WeekLoad = {
  /** Sets added to (or, when negative, taken from) every lift; never below one set. */
  extraSets: number;
  /** Session length for cardio and circuits, relative to week 1. */
  minutesFactor: number;
  /** Hard intervals added (or taken away); never below three. */
  extraIntervals: number;
  /** Seconds added to core holds. */
  extraHoldSeconds: number;
};
export const FIRST_WEEK_LOAD: WeekLoad = {
  extraSets: 0,
  minutesFactor: 1,
  extraIntervals: 0,
  extraHoldSeconds: 0,
};

const roundTo5 = (minutes: number) => Math.max(10, Math.round(minutes / 5) * 5);

/** Sets × reps for a role, by goal and level. */
function dose(role: Lift["role"], goal: Goal, level: Level, load: WeekLoad): string {
  if (role === "core") {
    const hold =
      (level === "beginner" ? 20 : level === "intermediate" ? 40 : 60) + load.extraHoldSeconds;
    return `3 × ${hold} s`;
  }
  const sets = Math.max(
    1,
    (level === "beginner" ? 2 : level === "intermediate" ? 3 : 4) + load.extraSets,
  );
  if (goal === "strength" && role === "main") return `${sets + 1} × 5`;
  if (goal === "build_muscle") return role === "main" ? `${sets + 1} × 8–10` : `${sets} × 10–12`;
  return `${sets} × 12`;
}

/** How a cardio choice reads as a session ("Easy run") and as an activity ("easy running"). */
const CARDIO_WORDS: Record<Cardio, { noun: string; activity: string; short: string }> = {
  running: { noun: "run", activity: "running", short: "Run" },
  cycling: { noun: "bike ride", activity: "cycling", short: "Bike" },
  swimming: { noun: "swim", activity: "swimming", short: "Swim" },
  rowing: { noun: "row", activity: "rowing", short: "Rowing" },
  walking: { noun: "walk", activity: "walking", short: "Walk" },
};

/** "swimming", "cycling": how an activity is named in a sentence. */
export const CARDIO_ACTIVITY: Record<Cardio, string> = {
  running: CARDIO_WORDS.running.activity,
  cycling: CARDIO_WORDS.cycling.activity,
  swimming: CARDIO_WORDS.swimming.activity,
  rowing: CARDIO_WORDS.rowing.activity,
  walking: CARDIO_WORDS.walking.activity,
};

/** The cardio the person will enjoy: a stated favourite, never a dislike, gentle on sore joints. */
export function chooseCardio(intent: FitnessIntent): Cardio {
  const allowed = (c: Cardio) =>
    !intent.dislikes.includes(c) && !(intent.lowImpact && c === "running");
  const liked = intent.likes.find(allowed);
  if (liked) return liked;
  const defaults: Cardio[] = intent.lowImpact
    ? ["cycling", "swimming", "walking"]
    : intent.level === "beginner"
      ? ["walking", "cycling", "running"]
      : ["running", "cycling", "rowing", "walking"];
  return defaults.find(allowed) ?? "walking";
}

const MINUTES: Record<Level, { base: number; long: number; light: number }> = {
  beginner: { base: 30, long: 40, light: 20 },
  intermediate: { base: 45, long: 60, light: 25 },
  advanced: { base: 60, long: 80, light: 30 },
};

export type Session = { focus: string; minutes: number; exercises: string[]; notes?: string };

const FOCUS: Record<"full_a" | "full_b" | "upper" | "lower" | "push" | "pull", string> = {
  full_a: "Full-body strength A",
  full_b: "Full-body strength B",
  upper: "Upper body",
  lower: "Lower body",
  push: "Push (chest, shoulders, triceps)",
  pull: "Pull (back and biceps)",
};

/** One session, built for this person, at a week's load (week 1 when none is given). */
export function buildSession(
  kind: SessionKind,
  intent: FitnessIntent,
  load: WeekLoad = FIRST_WEEK_LOAD,
): Session {
  const { level, goal, equipment } = intent;
  const base = MINUTES[level];
  const m = {
    base: roundTo5(base.base * load.minutesFactor),
    long: roundTo5(base.long * load.minutesFactor),
    light: base.light,
  };
  const cardio = chooseCardio(intent);
  const words = CARDIO_WORDS[cardio];
  switch (kind) {
    case "full_a":
    case "full_b":
    case "upper":
    case "lower":
    case "push":
    case "pull":
      return {
        focus: FOCUS[kind],
        minutes: m.base,
        exercises: [
          "Warm-up: 5 minutes of easy movement and a few light practice sets",
          ...LIFTS[kind].map((l) => `${l.name[equipment]}: ${dose(l.role, goal, level, load)}`),
        ],
        notes:
          level !== "beginner"
            ? "Add a little weight or one rep per set when every set feels solid."
            : equipment === "bodyweight"
              ? "Pick the variation that leaves two or three reps in reserve; technique first."
              : "Pick weights that leave two or three reps in reserve; technique first.",
      };
    case "conditioning": {
      const rounds = Math.max(
        2,
        (level === "beginner" ? 3 : level === "intermediate" ? 4 : 5) + load.extraSets,
      );
      const moves =
        intent.lowImpact || intent.dislikesHiit
          ? "squat to press, step-ups, slow mountain climbers, band pull-aparts"
          : "jump squats, mountain climbers, burpees, kettlebell or dumbbell swings";
      return {
        focus: intent.dislikesHiit ? "Steady circuit" : "Conditioning circuit",
        minutes: m.base,
        exercises: [
          "Warm-up: 5 minutes of easy cardio",
          `${rounds} rounds of 40 s work, 20 s rest: ${moves}`,
          "Cool-down: 5 minutes of walking and stretching",
        ],
        notes: "Work at a pace you can keep for every round.",
      };
    }
    case "cardio_easy":
      return {
        focus: `Easy ${words.noun}`,
        minutes: m.base,
        exercises: [
          `${m.base} minutes of easy ${words.activity} at a pace where you can still talk`,
        ],
      };
    case "cardio_intervals": {
      const count = Math.max(3, (level === "advanced" ? 8 : 6) + load.extraIntervals);
      const reps = `${count} × ${level === "beginner" ? "1 minute" : "2 minutes"}`;
      return {
        focus: `${words.short} intervals`,
        minutes: m.base,
        exercises: [
          `10 minutes of easy ${words.activity} to warm up`,
          `${reps} hard, each followed by 2 minutes easy`,
          "5 minutes easy to cool down",
        ],
      };
    }
    case "cardio_long":
      return {
        focus: `Long ${words.noun}`,
        minutes: m.long,
        exercises: [`${m.long} minutes of steady ${words.activity}; slow down rather than stop`],
      };
    case "mobility":
      return {
        focus: intent.likesYoga ? "Yoga flow" : "Mobility and stretching",
        minutes: m.light,
        exercises: intent.likesYoga
          ? [
              "5 sun salutations",
              "Low lunge: 45 s each side",
              "Pigeon pose: 45 s each side",
              "Downward dog: 3 × 30 s",
              "Child's pose: 1 minute",
            ]
          : [
              "Cat-cow: 10 slow reps",
              "World's greatest stretch: 5 each side",
              "Hip flexor stretch: 45 s each side",
              "Hamstring stretch: 45 s each side",
              "Deep squat hold: 3 × 30 s",
            ],
      };
    case "recovery":
      return {
        focus: "Active recovery",
        minutes: m.light,
        exercises: ["Easy walk: 15–20 minutes", "Gentle stretching for tight spots: 5–10 minutes"],
        notes: "Keep it easy: the point is to feel fresher tomorrow.",
      };
  }
}
