import type { FitnessProgram } from "../contract/fitness.ts";

/** Spec §4: a failed generation still ends on a preview, with this proven starter program. */
export const FALLBACK_FITNESS_PROGRAM: FitnessProgram = {
  overview:
    "A balanced starter program: three full-body strength sessions a week with a little cardio, built to make you stronger, fitter and more consistent. It works at home or in a gym, for any starting level.",
  weeklyStructure:
    "Each week: three full-body sessions on non-consecutive days (for example Monday, Wednesday and Friday), plus two 20–30 minute walks or easy rides. Weeks 1–2 build technique; from week 3, add a rep or a little weight each week; every fourth week is lighter, to recover.",
  firstWeekPreview: {
    week: 1,
    description:
      "Learn the movements at a comfortable effort. Finish every session feeling you could have done more.",
    days: [
      {
        day: "Monday",
        focus: "Full-body strength A",
        duration: "35 minutes",
        exercises: [
          "Warm-up: 5 minutes of easy movement",
          "Squat (body weight or goblet): 3 × 10",
          "Push-up (hands on a bench if needed): 3 × 8",
          "One-arm row: 3 × 10 each side",
          "Plank: 3 × 20 s",
        ],
        notes: "Rest 60–90 seconds between sets.",
      },
      {
        day: "Wednesday",
        focus: "Full-body strength B",
        duration: "35 minutes",
        exercises: [
          "Warm-up: 5 minutes of easy movement",
          "Reverse lunge: 3 × 8 each side",
          "Shoulder press: 3 × 10",
          "Glute bridge: 3 × 12",
          "Side plank: 3 × 15 s each side",
        ],
      },
      {
        day: "Friday",
        focus: "Full-body strength and cardio",
        duration: "40 minutes",
        exercises: [
          "Warm-up: 5 minutes of easy movement",
          "Squat: 3 × 10",
          "Push-up: 3 × 8",
          "Row: 3 × 10 each side",
          "15 minutes of brisk walking or easy cycling",
        ],
      },
    ],
  },
  programLength: "8-10 weeks",
};
