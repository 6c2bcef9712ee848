import type { FitnessAnswers, FitnessProgram, ProgramDay } from "../contract/fitness.ts";
import { WEEKDAYS } from "./questions.ts";
import {
  type FitnessIntent,
  type Goal,
  type Level,
  type Limitation,
  readIntent,
} from "./read-answers.ts";
import { buildSession, chooseCardio, type SessionKind, WEEK_PLANS } from "./sessions.ts";

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

function firstWeekDays(intent: FitnessIntent): ProgramDay[] {
  const plan = WEEK_PLANS[intent.goal][intent.days.length - 1]!;
  return intent.days.map((isoDay, i) => {
    const kind = plan[i]!;
    const session = buildSession(kind, intent);
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
  if (intent.dislikes.length > 0) {
    parts.push(`No ${listNames(intent.dislikes)}, as you asked.`);
  }
  if (intent.limitations.length > 0) {
    parts.push(
      `Every session is adjusted for your ${listNames(intent.limitations)}; stop any exercise that causes sharp pain.`,
    );
  }
  if (!intent.equipmentStated && intent.equipment === "gym") {
    parts.push("Training at home? Each lift has a dumbbell or body-weight swap.");
  }
  return parts.join(" ");
}

function weeklyStructureFor(days: ProgramDay[], weeks: number): string {
  const schedule = days.map((d) => `${d.day}: ${d.focus}`).join("; ");
  const rest = 7 - days.length;
  const restText =
    rest > 0
      ? ` The other ${rest === 1 ? "day is" : `${rest} days are`} for rest or an easy walk.`
      : "";
  const deload =
    weeks >= 10 ? "Weeks 5 and 9 are lighter, to recover." : "Week 5 is lighter, to recover.";
  return `Each week: ${schedule}.${restText} Weeks 1–2 build technique at a comfortable effort; from week 3, add a little weight, a rep or a few minutes each week. ${deload} The last week repeats week 1, so you can see how far you've come.`;
}

/**
 * The built-in generator: a program built from the answers (goal, level, days, equipment,
 * likes, dislikes and injuries). Deterministic, total over any bounded text, never throws.
 */
export function buildFitnessProgram(answers: FitnessAnswers): FitnessProgram {
  const intent = readIntent(answers);
  const weeks = PROGRAM_WEEKS[intent.level];
  const days = firstWeekDays(intent);
  return {
    overview: overviewFor(intent, weeks),
    weeklyStructure: weeklyStructureFor(days, weeks),
    firstWeekPreview: {
      week: 1,
      description:
        intent.level === "beginner"
          ? "Learn the movements and find your starting weights. Finish every session feeling you could have done more."
          : "Find your working weights and paces. Keep two reps in reserve on every set.",
      days,
    },
    programLength: `${weeks} weeks`,
  };
}
