import type {
  FitnessAnswers,
  FitnessProgram,
  ProgramDay,
  ProgramWeek,
} from "../contract/fitness.ts";
import { WEEKDAYS } from "./questions.ts";
import {
  type FitnessIntent,
  type Goal,
  type Level,
  type Limitation,
  readIntent,
} from "./read-answers.ts";
import {
  buildSession,
  CARDIO_ACTIVITY,
  chooseCardio,
  FIRST_WEEK_LOAD,
  type SessionKind,
  WEEK_PLANS,
  type WeekLoad,
} from "./sessions.ts";

const PROGRAM_WEEKS: Record<Level, number> = { beginner: 8, intermediate: 10, advanced: 12 };

const GOAL_PHRASES: Record<Goal, string> = {
  lose_weight: "fat-loss",
  build_muscle: "muscle-building",
  strength: "strength",
  endurance: "endurance",
  flexibility: "flexibility and mobility",
  general: "all-round fitness",
};

const LEVEL_PHRASES: Record<Level, string> = {
  beginner: "someone starting out",
  intermediate: "someone with some training behind them",
  advanced: "an experienced trainee",
};

const EQUIPMENT_PHRASES = {
  gym: "in a gym",
  dumbbells: "with dumbbells",
  bodyweight: "with just your body weight",
} as const;

const LIMITATION_NOTES: Record<Limitation, string> = {
  knees: "Keep squats and lunges to a pain-free depth, and skip jumps if your knees complain.",
  back: "Keep your spine neutral on every hinge; swap deadlifts for glute bridges if your back complains.",
  shoulders:
    "Press only through a pain-free range; swap overhead work for landmine or incline presses.",
};

const dayName = (isoDay: number) => WEEKDAYS[isoDay - 1]!;

function listNames(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Sessions that load each sore spot; a caution is shown only on those days. */
const LOADS: Record<Limitation, ReadonlySet<SessionKind>> = {
  knees: new Set(["full_a", "full_b", "lower", "conditioning"]),
  back: new Set(["full_a", "full_b", "lower", "pull"]),
  shoulders: new Set(["full_a", "full_b", "upper", "push"]),
};

const cautionsFor = (kind: SessionKind, limitations: Limitation[]) =>
  limitations.filter((l) => LOADS[l].has(kind)).map((l) => LIMITATION_NOTES[l]);

const CARDIO_KINDS = new Set<SessionKind>(["cardio_easy", "cardio_intervals", "cardio_long"]);

function weekDays(intent: FitnessIntent, load: WeekLoad = FIRST_WEEK_LOAD): ProgramDay[] {
  const plan = WEEK_PLANS[intent.goal][intent.days.length - 1]!;
  return intent.days.map((isoDay, i) => {
    const kind = plan[i]!;
    const session = buildSession(kind, intent, load);
    const notes = [session.notes, ...cautionsFor(kind, intent.limitations)]
      .filter(Boolean)
      .join(" ");
    return {
      day: dayName(isoDay),
      focus: session.focus,
      duration: `${session.minutes} minutes`,
      exercises: session.exercises,
      ...(notes ? { notes } : {}),
    };
  });
}

function overviewFor(intent: FitnessIntent, weeks: number): string {
  const n = intent.days.length;
  const article = weeks === 8 || weeks === 11 || weeks === 18 ? "An" : "A";
  const parts = [
    `${article} ${weeks}-week ${GOAL_PHRASES[intent.goal]} program for ${LEVEL_PHRASES[intent.level]}, training ${n} ${n === 1 ? "day" : "days"} a week (${listNames(intent.days.map(dayName))}) ${EQUIPMENT_PHRASES[intent.equipment]}.`,
  ];
  const cardio = chooseCardio(intent);
  const plan = WEEK_PLANS[intent.goal][n - 1]!;
  const hasCardio = plan.some((k) => CARDIO_KINDS.has(k));
  if (hasCardio && intent.likes.includes(cardio))
    parts.push(`Cardio days use the ${cardio} you enjoy.`);
  const liked = restDayActivity(intent, plan);
  if (liked) {
    parts.push(
      `You said you enjoy ${liked}: an easy 20–30 minutes of it on a rest day counts as recovery.`,
    );
  }
  if (intent.dislikes.length > 0) {
    parts.push(`No ${listNames(intent.dislikes)}, as you asked.`);
  }
  if (intent.limitations.length > 0) {
    parts.push(
      `Every session is adjusted for your ${listNames(intent.limitations)}; stop any exercise that causes sharp pain.`,
    );
  }
  if (!intent.equipmentStated) {
    parts.push(
      "You didn't mention equipment, so nothing here needs any; say you have dumbbells or a gym and the lifts change.",
    );
  }
  return parts.join(" ");
}

/**
 * A cardio the person said they like that the week's sessions do not use (e.g. swimming in
 * a muscle-building plan): it is offered for rest days rather than silently dropped.
 */
function restDayActivity(intent: FitnessIntent, plan: readonly SessionKind[]): string | undefined {
  const hasCardio = plan.some((k) => CARDIO_KINDS.has(k));
  const used = hasCardio ? chooseCardio(intent) : undefined;
  const liked = intent.likes.find((c) => c !== used && !(intent.lowImpact && c === "running"));
  return liked ? CARDIO_ACTIVITY[liked] : undefined;
}

function weeklyStructureFor(intent: FitnessIntent, days: ProgramDay[], weeks: number): string {
  const schedule = days.map((d) => `${d.day}: ${d.focus}`).join("; ");
  const rest = 7 - days.length;
  const plan = WEEK_PLANS[intent.goal][intent.days.length - 1]!;
  const easy = restDayActivity(intent, plan) ?? "walking";
  const restText =
    rest > 0
      ? ` The other ${rest === 1 ? "day is" : `${rest} days are`} for rest or easy ${easy}.`
      : "";
  const deload =
    deloadWeeks(weeks).length === 2
      ? "Weeks 5 and 9 are lighter, to recover."
      : "Week 5 is lighter, to recover.";
  return `Each week: ${schedule}.${restText} Weeks 1–2 build technique at a comfortable effort; from week 3, add a little weight, a rep or a few minutes each week. ${deload} The last week repeats week 1, so you can see how far you've come.`;
}

const deloadWeeks = (weeks: number) => (weeks >= 10 ? [5, 9] : [5]);

const FIRST_WEEK_TEXT: Record<"beginner" | "trained", string> = {
  beginner:
    "Learn the movements and find your starting weights. Finish every session feeling you could have done more.",
  trained: "Find your working weights and paces. Keep two reps in reserve on every set.",
};

/**
 * One week of the progression the weekly structure describes: technique (weeks 1–2), build
 * weeks that add a little each week (one more set from the fourth), lighter deload weeks,
 * and a last week that repeats week 1 as a check.
 */
export function weekPlan(
  week: number,
  weeks: number,
  level: Level,
): { load: WeekLoad; description: string } {
  const first = FIRST_WEEK_TEXT[level === "beginner" ? "beginner" : "trained"];
  if (week === 1) return { load: FIRST_WEEK_LOAD, description: first };
  if (week === weeks) {
    return {
      load: FIRST_WEEK_LOAD,
      description:
        "Check-in week: the same sessions as week 1. Note how much easier they feel, and what weights and paces you use now.",
    };
  }
  if (deloadWeeks(weeks).includes(week)) {
    return {
      load: { extraSets: -1, minutesFactor: 0.7, extraIntervals: -2, extraHoldSeconds: 0 },
      description:
        "Lighter week: one set fewer and shorter sessions, so your body catches up before the next block.",
    };
  }
  if (week === 2) {
    return {
      load: FIRST_WEEK_LOAD,
      description:
        "The same sessions as week 1: aim for smoother technique at the same effort before anything gets heavier.",
    };
  }
  const step = week - 2 - deloadWeeks(weeks).filter((d) => d < week).length;
  const load: WeekLoad = {
    extraSets: step >= 4 ? 1 : 0,
    minutesFactor: Math.min(1.5, 1 + 0.08 * step),
    extraIntervals: Math.floor(step / 2),
    extraHoldSeconds: 10 * Math.floor(step / 2),
  };
  const more = load.extraSets > 0 ? " with one more set per lift" : "";
  return {
    load,
    description: `Build week ${step}: add a little weight or one rep to each lift compared with last week${more}; cardio and circuits run a few minutes longer.`,
  };
}

/** Every week of the program, week 1 first. */
function fullProgramFor(intent: FitnessIntent, weeks: number): ProgramWeek[] {
  return Array.from({ length: weeks }, (_, i) => {
    const { load, description } = weekPlan(i + 1, weeks, intent.level);
    return { week: i + 1, description, days: weekDays(intent, load) };
  });
}

/**
 * The built-in generator: a program built from the answers (goal, level, days, equipment,
 * likes, dislikes and injuries). With `full`, every week of the progression is written out
 * (`fullProgram`), not only the first. Deterministic, total over any bounded text, never
 * throws.
 */
export function buildFitnessProgram(
  answers: FitnessAnswers,
  opts: { full?: boolean } = {},
): FitnessProgram {
  const intent = readIntent(answers);
  const weeks = PROGRAM_WEEKS[intent.level];
  const days = weekDays(intent);
  return {
    overview: overviewFor(intent, weeks),
    weeklyStructure: weeklyStructureFor(intent, days, weeks),
    firstWeekPreview: { week: 1, description: weekPlan(1, weeks, intent.level).description, days },
    programLength: `${weeks} weeks`,
    ...(opts.full ? { fullProgram: fullProgramFor(intent, weeks) } : {}),
  };
}
