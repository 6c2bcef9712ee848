import { randomUUID } from "node:crypto";
import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import { seriesOf } from "../../core/calendar/event-series.ts";
import {
  exdatesBefore,
  isFirstOccurrence,
  isOccurrenceOf,
  ruleEndingBefore,
  wallClockShifter,
  withExdate,
} from "../../core/calendar/occurrences.ts";
import {
  type EventFields,
  LIMITS,
  type Scope,
  type ServerEvent,
  type UpdateOccurrenceInput,
} from "../../core/contract/calendar.ts";
import type { Db } from "../db/client.ts";
import { calendarEvents } from "../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { type EventRow, sameContent, toColumns, toServerEvent } from "./event-dto.ts";
import { userTimeZone } from "./list-events.ts";
import { EVENT_NOT_FOUND } from "./update-event.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Target = { userId: string; eventId: string; occurrence: string; scope: Scope };

const OVERRIDE_NOT_SERIES =
  "This is one edited occurrence of a repeating event: change it without `occurrence`, or change its series.";
const NOT_REPEATING = "This event does not repeat, so it has no occurrences to choose from.";
const CANCELLED = "This occurrence was cancelled.";
const ONE_CANNOT_REPEAT =
  "One occurrence cannot repeat on its own: use scope=following to change how the series repeats.";

const notAnOccurrence = (occurrence: string) =>
  badRequest(
    `${occurrence} is not an occurrence of this event: give the start of one of its occurrences, as the series defines it.`,
  );

/**
 * Changes one occurrence of a repeating event (`this`: an override row replaces it, the
 * series lists it in exdates), this and the following ones (`following`: the series ends
 * just before it, a new series with the given fields starts there — the whole series when
 * it is the first occurrence), or all of them (`all`: the series moves by the same
 * wall-clock shift the occurrence made, its exceptions with it). Each answer carries the
 * row written and the series as it now stands.
 *
 * Replays are harmless: an override or new series whose id (or occurrence) already holds
 * the same content is returned as it is. `version`, when given, must be the series' version
 * for `following` and `all` (they rewrite the series); `this` only touches its own row.
 */
export async function updateOccurrence(
  db: Db,
  target: Target & { input: UpdateOccurrenceInput },
): Promise<{ event: ServerEvent; series: ServerEvent }> {
  const zone = await userTimeZone(db, target.userId);
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, target);
    if (!series) throw notFound(EVENT_NOT_FOUND);
    const occurrence = new Date(target.occurrence);
    const { input } = target;
    const seriesZone = series.allDay ? "UTC" : zone;
    // the body's id names the row this edit creates: never the series itself (a
    // `following` took it for a replay and changed nothing; `this` answered 409)
    if (input.id && input.id.toLowerCase() === series.id) throw badRequest(ID_IS_THE_SERIES);

    if (target.scope === "this") {
      if (input.recurrence_frequency) throw badRequest(ONE_CANNOT_REPEAT);
      const [existing] = await tx
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.seriesId, series.id),
            eq(calendarEvents.recurrenceId, occurrence),
            isNull(calendarEvents.deletedAt),
          ),
        );
      if (existing) {
        if (sameContent(existing, input)) {
          return { event: toServerEvent(existing), series: toServerEvent(series) };
        }
        const [row] = await tx
          .update(calendarEvents)
          .set({ ...toColumns(input), ...bump })
          .where(eq(calendarEvents.id, existing.id))
          .returning();
        return { event: toServerEvent(row!), series: toServerEvent(series) };
      }
      checkOccurrence(series, occurrence, seriesZone, false);
      const id = await freshId(tx, input.id, (row) =>
        Boolean(row.seriesId === series.id && row.recurrenceId?.getTime() === occurrence.getTime()),
      );
      await checkRoom(tx, target.userId, 1);
      const [override] = await tx
        .insert(calendarEvents)
        .values({
          id,
          userId: target.userId,
          source: "user",
          taskId: series.taskId,
          seriesId: series.id,
          recurrenceId: occurrence,
          ...toColumns(input),
        })
        .returning();
      const updated = await setSeries(tx, series.id, {
        exdates: withExdate(series.exdates, occurrence),
      });
      return { event: toServerEvent(override!), series: toServerEvent(updated) };
    }

    if (target.scope === "following" && input.id) {
      // a replay: the new series is already there
      const [done] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, input.id));
      if (done && done.userId === target.userId && !done.deletedAt) {
        // only the series this edit started: the old one already ends before the occurrence
        if (!startedHere(done, series, occurrence)) throw badRequest(ID_IS_TAKEN);
        return { event: toServerEvent(done), series: toServerEvent(series) };
      }
    }
    checkVersion(series, input);
    checkOccurrence(series, occurrence, seriesZone);

    if (
      target.scope === "following" &&
      !isFirstOccurrence(seriesOf(toServerEvent(series)), occurrence)
    ) {
      const rule = ruleEndingBefore(
        seriesOf(toServerEvent(series)).rule!,
        occurrence,
        series.allDay,
      );
      await dropOverridesFrom(tx, series.id, occurrence);
      const old = await setSeries(tx, series.id, {
        recurrenceUntil: new Date(rule.until!),
        recurrenceCount: null,
        exdates: exdatesBefore(series.exdates, occurrence),
      });
      const id = await freshId(tx, input.id, (row) => startedHere(row, series, occurrence));
      await checkRoom(tx, target.userId, 1);
      const [next] = await tx
        .insert(calendarEvents)
        .values({ id, userId: target.userId, source: "user", ...toColumns(input) })
        .returning();
      return { event: toServerEvent(next!), series: toServerEvent(old) };
    }

    // all (or following from the first occurrence, which is all of it)
    const shift = wallClockShifter(occurrence, new Date(input.start_time), seriesZone);
    const start = new Date(shift(series.startTime.toISOString()));
    const length = input.end_time
      ? Date.parse(input.end_time) - Date.parse(input.start_time)
      : null;
    const fields: EventFields = {
      ...input,
      start_time: start.toISOString(),
      end_time: length === null ? null : new Date(start.getTime() + length).toISOString(),
    };
    if (fields.recurrence_until && Date.parse(fields.recurrence_until) < start.getTime()) {
      throw badRequest("recurrence_until: Repeat until must not be before the start");
    }
    const overrides = await tx
      .select({ id: calendarEvents.id, recurrenceId: calendarEvents.recurrenceId })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.seriesId, series.id), isNull(calendarEvents.deletedAt)));
    for (const o of overrides) {
      await tx
        .update(calendarEvents)
        .set({ recurrenceId: new Date(shift(o.recurrenceId!.toISOString())), ...bump })
        .where(eq(calendarEvents.id, o.id));
    }
    const updated = await setSeries(tx, series.id, {
      ...toColumns(fields),
      exdates: series.exdates.map(shift).sort(),
    });
    return { event: toServerEvent(updated), series: toServerEvent(updated) };
  });
}

/**
 * Deletes one occurrence (`this`: listed in the series' exdates, its override if any
 * deleted), this and the following ones (`following`: the series ends before it; from the
 * first occurrence, the whole series), or the whole series (`all`). Idempotent: deleting
 * what is already gone succeeds again.
 */
export async function deleteOccurrence(db: Db, target: Target): Promise<ServerEvent | null> {
  const zone = await userTimeZone(db, target.userId);
  const series = await db.transaction(async (tx) => {
    const series = await lockSeries(tx, target);
    if (!series) {
      const [gone] = await tx
        .select({ id: calendarEvents.id })
        .from(calendarEvents)
        .where(
          and(eq(calendarEvents.id, target.eventId), eq(calendarEvents.userId, target.userId)),
        );
      if (!gone) throw notFound(EVENT_NOT_FOUND);
      return null; // the series was deleted: so was every occurrence
    }
    const occurrence = new Date(target.occurrence);
    const seriesZone = series.allDay ? "UTC" : zone;
    const asSeries = seriesOf(toServerEvent(series));

    if (
      target.scope === "all" ||
      (target.scope === "following" && isFirstOccurrence(asSeries, occurrence))
    ) {
      checkOccurrence(series, occurrence, seriesZone);
      await deleteSeries(tx, series.id);
      return null;
    }
    if (target.scope === "this") {
      const [override] = await tx
        .update(calendarEvents)
        .set({ deletedAt: sql`now()`, ...bump })
        .where(
          and(
            eq(calendarEvents.seriesId, series.id),
            eq(calendarEvents.recurrenceId, occurrence),
            isNull(calendarEvents.deletedAt),
          ),
        )
        .returning({ id: calendarEvents.id });
      if (override) return series; // its start is already in exdates
      if (series.exdates.some((d) => Date.parse(d) === occurrence.getTime())) return series;
      checkOccurrence(series, occurrence, seriesZone, false);
      return setSeries(tx, series.id, { exdates: withExdate(series.exdates, occurrence) });
    }
    // following, from a later occurrence
    if (!isOccurrenceOf(asSeries, occurrence, seriesZone)) {
      // a replay: the series already ends before it
      const unbounded = { ...asSeries, rule: { ...asSeries.rule!, until: null, count: null } };
      const ended = asSeries.rule?.until && Date.parse(asSeries.rule.until) < occurrence.getTime();
      if (ended && isOccurrenceOf(unbounded, occurrence, seriesZone)) return series;
      throw notAnOccurrence(target.occurrence);
    }
    const rule = ruleEndingBefore(asSeries.rule!, occurrence, series.allDay);
    await dropOverridesFrom(tx, series.id, occurrence);
    return setSeries(tx, series.id, {
      recurrenceUntil: new Date(rule.until!),
      recurrenceCount: null,
      exdates: exdatesBefore(series.exdates, occurrence),
    });
  });
  return series ? toServerEvent(series) : null;
}

/** Tombstones a series and every override of it (a plain delete of a series does this too). */
export async function deleteSeries(tx: Tx | Db, seriesId: string): Promise<void> {
  await tx
    .update(calendarEvents)
    .set({ deletedAt: sql`now()`, ...bump })
    .where(
      and(
        sql`(${calendarEvents.id} = ${seriesId} or ${calendarEvents.seriesId} = ${seriesId})`,
        isNull(calendarEvents.deletedAt),
      ),
    );
}

const bump = {
  version: sql`${calendarEvents.version} + 1`,
  updatedAt: sql`now()`,
};

/** The live series row, locked for this transaction; a 400 when it is not a series. */
async function lockSeries(tx: Tx, target: Target): Promise<EventRow | undefined> {
  const [row] = await tx
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.id, target.eventId),
        eq(calendarEvents.userId, target.userId),
        isNull(calendarEvents.deletedAt),
      ),
    )
    .for("update");
  if (!row) return undefined;
  if (row.seriesId) throw badRequest(OVERRIDE_NOT_SERIES);
  if (!row.recurrenceFrequency) throw badRequest(NOT_REPEATING);
  return row;
}

/**
 * A 400 unless `occurrence` starts one of the series' occurrences. With `cancelledToo`
 * false, one in exdates (cancelled; an edited one was found by its override before) is a 404.
 */
function checkOccurrence(
  series: EventRow,
  occurrence: Date,
  zone: string,
  cancelledToo = true,
): void {
  const iso = occurrence.toISOString();
  if (!cancelledToo && series.exdates.some((d) => Date.parse(d) === occurrence.getTime())) {
    throw notFound(CANCELLED);
  }
  if (!isOccurrenceOf(seriesOf(toServerEvent(series)), occurrence, zone)) {
    throw notAnOccurrence(iso);
  }
}

function checkVersion(series: EventRow, input: { version?: number | undefined }): void {
  if (input.version === undefined || input.version === series.version) return;
  throw new AppError(
    409,
    "conflict",
    "This event was changed elsewhere. The latest version is kept.",
    { event: toServerEvent(series) },
  );
}

const ID_IS_THE_SERIES =
  "id: must be a new id for the event this edit creates, not the repeating event's own id";
const ID_IS_TAKEN =
  "id: must be a new id for the event this edit creates; this one belongs to another event";

/**
 * Was `row` made by a `following` edit of `series` at `occurrence`? A row of its own (not
 * the series, not an override) while the series already ends before the occurrence.
 */
function startedHere(row: EventRow, series: EventRow, occurrence: Date): boolean {
  return (
    row.id !== series.id &&
    row.seriesId === null &&
    series.recurrenceUntil !== null &&
    series.recurrenceUntil.getTime() < occurrence.getTime()
  );
}

/**
 * The id for the row an occurrence edit creates: the client's or a fresh one. A client's
 * id already used is refused: 409 when it is this edit's own row, deleted since (a replay
 * that comes too late), else 400 naming `id` — it belongs to some other event.
 */
async function freshId(
  tx: Tx,
  wanted: string | undefined,
  ownProduct: (row: EventRow) => boolean,
): Promise<string> {
  if (!wanted) return randomUUID();
  const [taken] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, wanted));
  if (!taken) return wanted;
  if (ownProduct(taken))
    throw new AppError(409, "conflict", "An event with this id already exists.");
  throw badRequest(ID_IS_TAKEN);
}

async function checkRoom(tx: Tx, userId: string, more: number): Promise<void> {
  const [live] = await tx
    .select({ n: count() })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), isNull(calendarEvents.deletedAt)));
  if ((live?.n ?? 0) + more > LIMITS.eventsPerUser) {
    throw new AppError(
      403,
      "forbidden",
      `Your calendar is full (${LIMITS.eventsPerUser.toLocaleString("en")} events). Delete some events first.`,
    );
  }
}

async function setSeries(
  tx: Tx,
  id: string,
  set: Partial<typeof calendarEvents.$inferInsert>,
): Promise<EventRow> {
  const [row] = await tx
    .update(calendarEvents)
    .set({ ...set, source: "user", why: null, ...bump })
    .where(eq(calendarEvents.id, id))
    .returning();
  return row!;
}

/** Overrides at or after `occurrence` go with the part of the series that ends. */
async function dropOverridesFrom(tx: Tx, seriesId: string, occurrence: Date): Promise<void> {
  await tx
    .update(calendarEvents)
    .set({ deletedAt: sql`now()`, ...bump })
    .where(
      and(
        eq(calendarEvents.seriesId, seriesId),
        gte(calendarEvents.recurrenceId, occurrence),
        isNull(calendarEvents.deletedAt),
      ),
    );
}
