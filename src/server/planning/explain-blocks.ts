import { and, eq, inArray, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandOccurrences } from "../../core/calendar/recurrence.ts";
import { windowsOn } from "../../core/scheduler/schedule.ts";
import type { EnergyLevel } from "../../core/scheduler/types.ts";
import { windowHolding } from "../../core/scheduler/why.ts";
import type { Voice } from "../assistant/format-when.ts";
import { dayOf, quote, timeOf } from "../assistant/format-when.ts";
import { listEvents } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema.ts";
import { schedulerProfileFor } from "./read-plan-profile.ts";

type Placed = { taskId: string; eventId: string; start: string; end: string };
export type ExplainedBlock = Placed & { why: string; inPeak: boolean; level: EnergyLevel };

const NEAR = 90 * 60_000;

/**
 * Says why each planned block is where it is, from facts only: the energy window it sits in
 * (from the saved profile), the task's energy and deadline, and the events right next to it
 * ("your peak, before the 10:00 meeting"). Nothing here is claimed that the data doesn't show.
 */
export async function explainBlocks(
  db: Db,
  opts: { userId: string; placed: Placed[]; now: Date; voice: Voice },
): Promise<{ blocks: ExplainedBlock[]; profiled: boolean }> {
  if (opts.placed.length === 0) return { blocks: [], profiled: false };
  const zone = opts.voice.zone;
  const { profile, stated } = await schedulerProfileFor(db, {
    userId: opts.userId,
    timezone: zone,
  });
  // before the questionnaire the hours are a default, and the reasons say so
  const peakWord = stated
    ? "your peak hours"
    : "morning focus hours (a default until you set yours)";
  const ids = [...new Set(opts.placed.map((p) => p.taskId))];
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, opts.userId), inArray(tasks.id, ids), isNull(tasks.deletedAt)));
  const byId = new Map(rows.map((t) => [t.id, t]));
  const from = new Date(Math.min(...opts.placed.map((p) => Date.parse(p.start))) - NEAR);
  const to = new Date(Math.max(...opts.placed.map((p) => Date.parse(p.end))) + NEAR);
  const events = await listEvents(db, {
    userId: opts.userId,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const occurrences = events
    .filter((e) => !e.all_day && e.task_id === null)
    .flatMap((e) =>
      expandOccurrences(seriesOf(e), { from, to, zone, limit: 200 }).map((o) => ({
        title: e.title,
        start: o.start.getTime(),
        end: o.end.getTime(),
      })),
    );

  const blocks = [...opts.placed]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((p) => {
      const start = Date.parse(p.start);
      const end = Date.parse(p.end);
      const local = DateTime.fromMillis(start, { zone });
      const minute = local.hour * 60 + local.minute;
      // the window holding most of the block, as the scheduler's own reason reads it
      const level: EnergyLevel =
        windowHolding(windowsOn(profile, local.weekday), minute, (end - start) / 60_000)?.level ??
        "good";
      const task = byId.get(p.taskId);
      const reasons: string[] = [];
      if (level === "peak") reasons.push(peakWord);
      else if (level === "low")
        reasons.push(
          task?.energy === "low" ? "light work, kept out of your peak" : "a low-energy time of day",
        );
      else
        reasons.push(
          task?.energy === "low"
            ? "light work, kept out of your peak"
            : "good hours, outside your peak",
        );
      const sameDay = (t: number) => DateTime.fromMillis(t, { zone }).hasSame(local, "day");
      const before = occurrences.find(
        (o) => o.start >= end && o.start - end <= NEAR && sameDay(o.start),
      );
      const after = occurrences
        .filter((o) => o.end <= start && start - o.end <= NEAR && sameDay(o.end))
        .at(-1);
      if (before)
        reasons.push(`before ${quote(before.title)} at ${timeOf(before.start, opts.voice)}`);
      else if (after) reasons.push(`after ${quote(after.title)}`);
      if (task?.deadline && task.deadline.getTime() - end < 2 * 86_400_000)
        reasons.push(`due ${dayOf(task.deadline, opts.voice)}`);
      return { ...p, why: reasons.join(", "), inPeak: level === "peak", level };
    });
  return { blocks, profiled: stated };
}
