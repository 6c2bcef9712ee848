import { describe, expect, it } from "vitest";
import { type FitnessAnswers, fitnessProgram } from "../contract/fitness.ts";
import { buildFitnessProgram } from "./build-program.ts";
import { FALLBACK_FITNESS_PROGRAM } from "./fallback-program.ts";
import { FITNESS_QUESTIONS } from "./questions.ts";

const base: FitnessAnswers = {
  goal: "Stay healthy and active",
  experience: "Beginner: new to exercise or returning after a long break",
  availability: "Monday|Wednesday|Friday",
  preferences: "none",
};
const build = (patch: Partial<FitnessAnswers>) => buildFitnessProgram({ ...base, ...patch });
const days = (p: ReturnType<typeof build>) => p.firstWeekPreview.days;

describe("buildFitnessProgram", () => {
  it("trains on exactly the chosen days, in week order", () => {
    const p = build({ availability: "Saturday|Tuesday|Thursday" });
    expect(days(p).map((d) => d.day)).toEqual(["Tuesday", "Thursday", "Saturday"]);
    expect(p.overview).toContain("training 3 days a week (Tuesday, Thursday and Saturday)");
  });

  it("spreads a number of days over the week when no days are named", () => {
    expect(days(build({ availability: "4 days" })).map((d) => d.day)).toEqual([
      "Monday",
      "Tuesday",
      "Thursday",
      "Friday",
    ]);
    expect(days(build({ availability: "whenever I can" }))).toHaveLength(3);
  });

  it("lengthens the program and the sessions with experience", () => {
    const beginner = build({});
    const advanced = build({ experience: "Advanced: I train three or more times a week" });
    expect(beginner.programLength).toBe("8 weeks");
    expect(advanced.programLength).toBe("12 weeks");
    expect(
      build({ experience: "Intermediate: I exercise once or twice a week" }).programLength,
    ).toBe("10 weeks");
    expect(days(beginner)[0]!.duration).toBe("30 minutes");
    expect(days(advanced)[0]!.duration).toBe("60 minutes");
  });

  it("splits muscle building into upper and lower days at four days a week", () => {
    const p = build({ goal: "Build muscle", availability: "Mon|Tue|Thu|Fri" });
    expect(days(p).map((d) => d.focus)).toEqual([
      "Upper body",
      "Lower body",
      "Upper body",
      "Lower body",
    ]);
    expect(p.overview).toContain("muscle-building");
  });

  it("uses heavy, low-rep main lifts for strength", () => {
    const p = build({ goal: "Get stronger", preferences: "I train at a gym" });
    expect(days(p)[0]!.exercises).toContain("Back squat: 3 × 5");
  });

  it("makes endurance weeks mostly cardio, in the cardio the person enjoys", () => {
    const p = build({ goal: "Improve endurance", preferences: "I love swimming" });
    expect(days(p).map((d) => d.focus)).toEqual([
      "Swim intervals",
      "Full-body strength A",
      "Long swim",
    ]);
    expect(p.overview).toContain("Cardio days use the swimming you enjoy.");
  });

  it("never plans a disliked activity, and keeps impact low for sore knees", () => {
    const hates = build({ goal: "Improve endurance", preferences: "no running please" });
    expect(JSON.stringify(days(hates))).not.toMatch(/running|Run /);
    expect(hates.overview).toContain("No running, as you asked.");
    const knees = build({
      goal: "Lose weight",
      experience: "Intermediate",
      availability: "Mon|Tue|Wed|Thu",
      preferences: "I like running but my knees hurt",
    });
    expect(JSON.stringify(days(knees))).not.toMatch(/running|burpees|jump squats/);
    expect(days(knees)[0]!.notes).toContain("pain-free depth");
  });

  it("uses the equipment the person has", () => {
    expect(days(build({ preferences: "dumbbells at home" }))[0]!.exercises).toContain(
      "Goblet squat: 2 × 12",
    );
    expect(days(build({ preferences: "no equipment" }))[0]!.exercises).toContain(
      "Bodyweight squat: 2 × 12",
    );
    expect(days(build({ preferences: "I train at a gym" }))[0]!.exercises[1]).toMatch(
      /^Back squat/,
    );
  });

  it("never assumes a gym nobody mentioned", () => {
    const p = build({ goal: "Build muscle", preferences: "I like swimming" });
    expect(p.overview).not.toMatch(/\bgym\b(?! and the lifts change)/);
    expect(p.overview).toContain("with just your body weight");
    expect(p.overview).toContain("You didn't mention equipment");
    expect(JSON.stringify(days(p))).not.toMatch(/Back squat|Bench press|Barbell|pulldown/);
  });

  it("keeps a liked activity the week's sessions do not use, on rest days", () => {
    const p = build({ goal: "Build muscle", preferences: "I like swimming" });
    expect(p.overview).toContain("You said you enjoy swimming");
    expect(p.weeklyStructure).toContain("for rest or easy swimming");
  });

  it("builds yoga into flexibility programs for people who like it", () => {
    const p = build({ goal: "Improve flexibility and mobility", preferences: "yoga" });
    expect(days(p)[0]!.focus).toBe("Yoga flow");
  });

  it("tolerates any bounded text and always returns a valid program", () => {
    const odd = [
      "",
      "🤷",
      "x".repeat(500),
      "DROP TABLE users;",
      "every day",
      "Sun",
      "7 days",
      "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday",
    ];
    for (const goal of [...FITNESS_QUESTIONS[0]!.options!, ...odd]) {
      for (const availability of odd) {
        const p = buildFitnessProgram({ goal, experience: goal, availability, preferences: goal });
        expect(fitnessProgram.safeParse(p).success).toBe(true);
      }
    }
  });

  it("is not one fixed text: different answers give different programs", () => {
    const programs = FITNESS_QUESTIONS[0]!.options!.map((goal) => JSON.stringify(build({ goal })));
    expect(new Set(programs).size).toBe(programs.length);
  });
});

describe("the full program", () => {
  const full = (patch: Partial<FitnessAnswers>) =>
    buildFitnessProgram({ ...base, ...patch }, { full: true });

  it("is left out unless asked for", () => {
    expect(build({}).fullProgram).toBeUndefined();
  });

  it("writes every week of the program length, week 1 equal to the preview", () => {
    const p = full({ experience: "Intermediate: I exercise once or twice a week" });
    expect(p.programLength).toBe("10 weeks");
    expect(p.fullProgram!.map((w) => w.week)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p.fullProgram![0]).toEqual(p.firstWeekPreview);
    expect(fitnessProgram.safeParse(p).success).toBe(true);
  });

  it("progresses week on week, is lighter in deload weeks and ends with a check-in", () => {
    const p = full({
      goal: "Improve endurance",
      experience: "Intermediate",
      availability: "Tue|Sat",
      preferences: "swimming",
    });
    const long = (w: number) => Number.parseInt(p.fullProgram![w - 1]!.days[1]!.duration, 10);
    expect(p.fullProgram![0]!.days[1]!.focus).toBe("Long swim");
    expect(long(3)).toBeGreaterThan(long(1));
    expect(long(4)).toBeGreaterThanOrEqual(long(3));
    expect(long(8)).toBeGreaterThan(long(4));
    expect(long(5)).toBeLessThan(long(1));
    expect(long(9)).toBeLessThan(long(1));
    expect(p.fullProgram![4]!.description).toMatch(/^Lighter week/);
    expect(p.fullProgram![9]!.days).toEqual(p.fullProgram![0]!.days);
    expect(p.fullProgram![9]!.description).toMatch(/^Check-in week/);
  });

  it("adds a set to each lift from the fourth build week, and respects the answers every week", () => {
    const p = full({
      goal: "Build muscle",
      experience: "Advanced",
      availability: "Mon|Wed|Fri",
      preferences: "dumbbells at home, my knees hurt",
    });
    expect(p.fullProgram).toHaveLength(12);
    expect(p.fullProgram![0]!.days[0]!.exercises).toContain("Goblet squat: 5 × 8–10");
    expect(p.fullProgram![6]!.days[0]!.exercises).toContain("Goblet squat: 6 × 8–10");
    for (const week of p.fullProgram!) {
      expect(week.days.map((d) => d.day)).toEqual(["Monday", "Wednesday", "Friday"]);
      expect(JSON.stringify(week)).not.toMatch(/Back squat|Barbell|jump squats|burpees/);
    }
  });
});

describe("the fallback program", () => {
  it("is valid and lasts 8-10 weeks", () => {
    expect(fitnessProgram.safeParse(FALLBACK_FITNESS_PROGRAM).success).toBe(true);
    expect(FALLBACK_FITNESS_PROGRAM.programLength).toBe("8-10 weeks");
  });
});

describe("the fitness questions", () => {
  it("are the spec's four, with a select, a multiselect and a text question", () => {
    expect(FITNESS_QUESTIONS.map((q) => q.id)).toEqual([
      "goal",
      "experience",
      "availability",
      "preferences",
    ]);
    expect(FITNESS_QUESTIONS.map((q) => q.type)).toEqual([
      "select",
      "select",
      "multiselect",
      "text",
    ]);
  });
});
