import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { EventFields } from "../../core/contract/calendar.ts";
import { LIMITS, type ServerEvent } from "../../core/contract/calendar.ts";
import type { Db } from "../db/client.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { calendarEvents } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type EventRow, toColumns, toServerEvent } from "./event-dto.ts";

type Input = EventFields & { id?: string | undefined };

/**
 * Creates an event under the client's own id. Idempotent: repeating the call with the same
 * id and owner returns the stored event (`created: false`), never a duplicate and never an
 * overwrite, so a replayed offline create is harmless — even when the event was deleted
 * since (the answer then carries `deleted_at`).
 */
export async function createEvent(
  db: Db,
  opts: {
    userId: string;
    input: Input;
    source?: "user" | "assistant";
    /** A guest's booking: their name (schema.ts `bookedBy`). */
    bookedBy?: string;
  },
): Promise<{ created: boolean; event: ServerEvent }> {
  const id = opts.input.id ?? randomUUID();
  const existing = await findById(db, id);
  if (existing) return replayed(existing, opts.userId);

  // the count and the insert run under the user's lock: concurrent creates near the cap
  // cannot all see room (100 at once at 9,990 used to leave 10,090)
  const row = await db.transaction(async (tx) => {
    await lockUserWrites(tx, opts.userId);
    const [live] = await tx
      .select({ n: count() })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, opts.userId), isNull(calendarEvents.deletedAt)));
    if ((live?.n ?? 0) >= LIMITS.eventsPerUser) throw calendarFull();
    const [inserted] = await tx
      .insert(calendarEvents)
      .values({
        id,
        userId: opts.userId,
        source: opts.source ?? "user",
        bookedBy: opts.bookedBy ?? null,
        ...toColumns(opts.input),
      })
      .onConflictDoNothing({ target: calendarEvents.id })
      .returning();
    return inserted;
  });
  if (row) return { created: true, event: toServerEvent(row) };
  // a concurrent create with the same id won the race
  return replayed((await findById(db, id))!, opts.userId);
}

export const calendarFull = () =>
  new AppError(
    403,
    "forbidden",
    `Your calendar is full (${LIMITS.eventsPerUser.toLocaleString("en")} events). Delete some events first.`,
  );

async function findById(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  return row;
}

function replayed(row: EventRow, userId: string) {
  if (row.userId !== userId) {
    throw new AppError(409, "conflict", "An event with this id already exists.");
  }
  return { created: false, event: toServerEvent(row) };
}
