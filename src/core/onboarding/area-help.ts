import type { OnboardingDomain } from "./question-sets.ts";

/**
 * What Sage — a calendar assistant — honestly does for each life area: the time it needs.
 * `cannot` names the help a person might expect that the built-in assistant does not give;
 * `example` is a request the built-in assistant acts on (area-help.test.ts checks each).
 */
export type AreaHelp = { cannot: string; calendarHelp: string; example: string };

export const AREA_HELP: Record<Exclude<OnboardingDomain, "productivity">, AreaHelp> = {
  fitness: {
    cannot: "coach your technique or change your program in conversation",
    calendarHelp: "put your training sessions on your calendar at times you will keep",
    example: "Add workout Monday 6pm for an hour",
  },
  goals: {
    cannot: "work out the strategy for your goal",
    calendarHelp: "protect the weekly time you said you can give your goal",
    example: "Add goal review Sunday 7pm for an hour",
  },
  conversation: {
    cannot: "hold an open-ended conversation on any topic",
    calendarHelp: "keep time for the things you want to think through",
    example: "Find two hours for thinking time this week",
  },
  support: {
    cannot:
      "give emotional or mental-health support (if you are struggling, please talk to someone you trust or a professional; in an emergency, call your local emergency number)",
    calendarHelp: "protect time for what you said helps you, and for the people you lean on",
    example: "Add walk with my sister Saturday 10am for an hour",
  },
  writing: {
    cannot: "draft or edit your writing",
    calendarHelp: "book regular writing sessions at the hours you can write",
    example: "Add writing session tomorrow 7am for 30 minutes",
  },
  career: {
    cannot: "review your CV or coach you for interviews",
    calendarHelp:
      "turn the hours you can give your career into blocks for applications, learning and preparation",
    example: "Find two hours for job applications this week",
  },
  travel: {
    cannot: "plan the trip itself: routes, bookings and what to see",
    calendarHelp:
      "block time to research and book, add the trip's dates to your calendar and keep the days around it clear",
    example: "Add trip research Saturday 10am for 2 hours",
  },
  relationships: {
    cannot: "advise you on your relationships",
    calendarHelp: "make and keep time for the people who matter to you",
    example: "Add dinner with Sam Friday 7pm for 2 hours",
  },
  nutrition: {
    cannot: "give nutrition advice or write meal plans",
    calendarHelp: "book time for shopping and cooking so eating well fits your week",
    example: "Add meal prep Sunday 5pm for an hour",
  },
  learning: {
    cannot: "teach the subject itself",
    calendarHelp: "schedule short, regular practice at the times you said you have",
    example: "Add Spanish practice tomorrow 8am for 20 minutes",
  },
  creative: {
    cannot: "critique or create the work with you",
    calendarHelp: "protect time for your creative work and your current project",
    example: "Find two hours for painting this week",
  },
};

export function areaHelp(domain: string): AreaHelp | undefined {
  return (AREA_HELP as Record<string, AreaHelp>)[domain];
}
