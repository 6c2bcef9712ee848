import { DateTime } from "luxon";
import type { PlacedSession, SchedulerRoutine } from "./place-routines.ts";
import { hourRange } from "./why.ts";

/**
 * A session's reason in one true sentence, from the placement's facts: which of the week's
 * sessions it is, the window it keeps to, its day, and what made this time the one —
 * "Gym, 3 of 3 this week: your 6 – 9 AM window, Fri — the first free time in it".
 */
export function routineWhy(
  session: PlacedSession,
  routine: Pick<SchedulerRoutine, "title" | "window" | "energy">,
  say: { locale: string; zone: string },
): string {
  const day = DateTime.fromMillis(session.start, { zone: say.zone })
    .setLocale(say.locale)
    .toFormat("ccc");
  const window = hourRange(routine.window, say.locale);
  const head = `${routine.title}, ${session.nth} of ${session.of} this week: your ${window} window, ${day}`;
  return `${head} — ${reasonOf(session, routine.energy)}`;
}

function reasonOf(session: PlacedSession, energy: SchedulerRoutine["energy"]): string {
  if (energy === "high" && session.level === "peak")
    return "your peak hours, for the effort it takes";
  if (energy === "low" && session.level === "low") return "a low-energy stretch, which suits it";
  if (session.firstFree) return "the first free time in it";
  return "the free time in it that suits it best";
}
