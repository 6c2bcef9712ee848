import { eq } from "drizzle-orm";
import type { EventMatch } from "../../core/assistant/calendar-tools.ts";
import { seriesOf } from "../../core/calendar/event-series.ts";
import { expandWithExceptions } from "../../core/calendar/occurrences.ts";
import type { ServerEvent } from "../../core/contract/calendar.ts";
import { listEvents } from "../calendar/list-events.ts";
import type { Db } from "../db/client.ts";
import { planStates } from "../db/schema.ts";
import type { Voice } from "./format-when.ts";

export type ToolCtx = { db: Db; userId: string; now: Date; voice: Voice };
export type Hit = { event: ServerEvent; start: Date; end: Date };

const DAY = 86_400_000;
const GENERIC = new Set([
  "the",
  "a",
  "an",
  "my",
  "our",
  "appointment",
  "event",
  "meeting",
  "session",
  "thing",
]);

/** The words that name an event: "the dentist appointment" → ["dentist"]. */
export function nameWords(s: string): string[] {
  const all = s
    .toLowerCase()
    .replace(/['"“”‘’]/g, "")
    .split(/[^\p{L}\p{N}:/-]+/u)
    .filter(Boolean)
    .map((w) => w.replace(/(?<=\w{3})s$/, ""));
  // "the gym sessions" names the gym: generic words count in their plural too
  const named = all.filter((w) => !GENERIC.has(w));
  return named.length > 0 ? named : all;
}

/** Every word said appears in the title (as a word start): "gym" ~ "Gym", "standups" ~ "Standup". */
export function titleMatches(title: string, said: string): boolean {
  const have = nameWords(title);
  return nameWords(said).every((w) => have.some((h) => h.startsWith(w) || w.startsWith(h)));
}

/** The user's own upcoming occurrences that a phrase like "the dentist" or "the 3pm" names. */
export async function findMatches(ctx: ToolCtx, match: EventMatch): Promise<Hit[]> {
  const zone = ctx.voice.zone;
  const from = match.on ? new Date(match.on.from) : ctx.now;
  const to = match.on ? new Date(match.on.to) : new Date(ctx.now.getTime() + 60 * DAY);
  const events = await listEvents(ctx.db, {
    userId: ctx.userId,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const hits: Hit[] = [];
  const at = match.start ? Date.parse(match.start) : undefined;
  for (const event of events) {
    if (match.title && !titleMatches(event.title, match.title)) continue;
    for (const o of expandWithExceptions(seriesOf(event), { from, to, zone, limit: 50 })) {
      if (at !== undefined && Math.abs(o.start.getTime() - at) > 60_000) {
        // "the 3pm" without a day means the next 3pm occurrence on any day
        const local = new Date(o.start).toLocaleTimeString("en-GB", { timeZone: zone });
        const target = new Date(at).toLocaleTimeString("en-GB", { timeZone: zone });
        if (local !== target) continue;
      }
      hits.push({ event, start: o.start, end: o.end });
      break; // the next occurrence of a series is the one meant
    }
  }
  hits.sort((a, b) => a.start.getTime() - b.start.getTime());
  if (match.nth === undefined) return hits;
  const picked = hits.at(match.nth > 0 ? match.nth - 1 : match.nth);
  return picked ? [picked] : [];
}

/** Timed events overlapping [start, end), other than `except` — what a change would collide with. */
export async function overlapping(
  ctx: ToolCtx,
  spans: { start: Date; end: Date }[],
  except: Set<string>,
): Promise<Overlap[]> {
  if (spans.length === 0) return [];
  const from = new Date(Math.min(...spans.map((s) => s.start.getTime())));
  const to = new Date(Math.max(...spans.map((s) => s.end.getTime())));
  const events = await listEvents(ctx.db, {
    userId: ctx.userId,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const out: Overlap[] = [];
  for (const e of events) {
    if (except.has(e.id) || e.all_day) continue;
    for (const o of expandWithExceptions(seriesOf(e), {
      from,
      to,
      zone: ctx.voice.zone,
      limit: 50,
    })) {
      if (spans.some((s) => o.start < s.end && o.end > s.start)) {
        out.push({
          title: e.title,
          start: o.start.toISOString(),
          end: o.end.toISOString(),
          ...(e.source === "assistant" && (e.task_id || e.routine_id) ? { sageBlock: true } : {}),
        });
      }
      if (out.length >= 10) return out;
    }
  }
  return out;
}

type Overlap = { title: string; start: string; end: string; sageBlock?: true };

/**
 * What a change now overlaps, said as the person will see it: events (theirs, and blocks
 * Sage will not move) are conflicts to flag; Sage's own blocks, when it keeps the person's plan
 * living, move by themselves within seconds (decision 030) — so they are said as moving, not as
 * a clash for the person to sort out.
 */
export async function clashesOf(
  ctx: ToolCtx,
  spans: { start: Date; end: Date }[],
  except: Set<string>,
): Promise<{ conflicts: { title: string; start: string; end: string }[]; moving: string[] }> {
  const found = await overlapping(ctx, spans, except);
  const living =
    found.some((o) => o.sageBlock) &&
    (await ctx.db
      .select({ auto: planStates.auto })
      .from(planStates)
      .where(eq(planStates.userId, ctx.userId))
      .then(([s]) => s?.auto === true));
  const conflicts = found
    .filter((o) => !(living && o.sageBlock))
    .map(({ sageBlock: _, ...o }) => o);
  const moving = living ? [...new Set(found.filter((o) => o.sageBlock).map((o) => o.title))] : [];
  return { conflicts, moving };
}

/** " Sage's block “Essay” moves to make room." — or nothing. */
export const movingLine = (moving: string[]) =>
  moving.length === 0
    ? ""
    : ` Sage's ${moving.length === 1 ? "block" : "blocks"} ${moving.map((t) => `“${t}”`).join(", ")} ${moving.length === 1 ? "moves" : "move"} to make room.`;
