import { and, desc, eq, gte, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { SignalSource } from "../../core/contract/insights.ts";
import type { Placement, Signal, TaskEnergy } from "../../core/learning/types.ts";
import type { Db } from "../db/client.ts";
import { workSignals } from "../db/schema.ts";

/** Evidence the model reads at most per person (the newest): bounded work on every plan. */
export const SIGNALS_READ = 2_000;
/** Evidence older than this no longer counts (it weighs under a tenth by then anyway). */
export const SIGNAL_DAYS = 200;
const MINUTE = 60_000;

/** Where a block sat in the person's local time: weekday, minute of the day, length. */
export function placementOf(start: Date, end: Date, zone: string): Placement {
  const local = DateTime.fromJSDate(start, { zone });
  return {
    weekday: local.weekday,
    minute: local.hour * 60 + local.minute,
    lengthMinutes: Math.max(1, Math.round((end.getTime() - start.getTime()) / MINUTE)),
  };
}

/** The signal without its instant (the database stamps it). */
type Unstamped<S> = S extends Signal ? Omit<S, "at"> : never;

/**
 * Records one piece of evidence, replacing an earlier one about the same thing (`key`): a
 * second check-in of a block says what the person means now. In the caller's transaction.
 */
export async function recordSignal(
  db: Db,
  opts: {
    userId: string;
    key: string;
    source: SignalSource;
    taskId: string | null;
    signal: Unstamped<Signal>;
    now?: Date;
  },
): Promise<void> {
  const s = opts.signal;
  const block = "block" in s ? s.block : undefined;
  const values = {
    userId: opts.userId,
    key: opts.key,
    kind: s.kind,
    source: opts.source,
    energy: s.energy,
    taskId: opts.taskId,
    weekday: block?.weekday ?? null,
    minute: block?.minute ?? null,
    lengthMinutes: block?.lengthMinutes ?? null,
    minutes: s.kind === "partly" ? s.minutes : null,
    toWeekday: s.kind === "moved" ? s.to.weekday : null,
    toMinute: s.kind === "moved" ? s.to.minute : null,
    estimateMinutes: s.kind === "finished" ? s.estimateMinutes : null,
    actualMinutes: s.kind === "finished" ? s.actualMinutes : null,
    createdAt: opts.now ?? new Date(),
  };
  const { userId: _u, key: _k, ...set } = values;
  await db
    .insert(workSignals)
    .values(values)
    .onConflictDoUpdate({ target: [workSignals.userId, workSignals.key], set });
}

/** Forgets the evidence about one thing (a check-in taken back, a task opened again). */
export async function forgetSignal(db: Db, userId: string, key: string): Promise<void> {
  await db.delete(workSignals).where(and(eq(workSignals.userId, userId), eq(workSignals.key, key)));
}

/** The person's evidence the model reads: the newest SIGNALS_READ of the last SIGNAL_DAYS. */
export async function readSignals(db: Db, userId: string, now: Date): Promise<Signal[]> {
  const rows = await db
    .select()
    .from(workSignals)
    .where(
      and(
        eq(workSignals.userId, userId),
        gte(workSignals.createdAt, new Date(now.getTime() - SIGNAL_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(workSignals.createdAt))
    .limit(SIGNALS_READ);
  return rows.flatMap((r): Signal[] => {
    const at = r.createdAt.getTime();
    const energy = r.energy as TaskEnergy;
    if (r.kind === "finished")
      return r.estimateMinutes && r.actualMinutes
        ? [
            {
              kind: "finished",
              at,
              energy,
              estimateMinutes: r.estimateMinutes,
              actualMinutes: r.actualMinutes,
            },
          ]
        : [];
    if (r.weekday === null || r.minute === null || r.lengthMinutes === null) return [];
    const block = { weekday: r.weekday, minute: r.minute, lengthMinutes: r.lengthMinutes };
    if (r.kind === "partly")
      return [{ kind: "partly", at, energy, block, minutes: r.minutes ?? 0 }];
    if (r.kind === "moved")
      return r.toWeekday !== null && r.toMinute !== null
        ? [{ kind: "moved", at, energy, block, to: { weekday: r.toWeekday, minute: r.toMinute } }]
        : [];
    return [{ kind: r.kind, at, energy, block }];
  });
}

/** How far back the untouched sweep looks, and how long it leaves the person to check in. */
const UNTOUCHED_AFTER_HOURS = 12;
const UNTOUCHED_WINDOW_HOURS = 36;
/** Blocks recorded at most per sweep (the rest are found by the next one). */
const UNTOUCHED_PER_SWEEP = 2_000;

/**
 * A block of Sage's that ended at least 12 hours ago with nobody checking in, moving or
 * removing it is weak evidence that its time worked (learn-hours.ts weighs it a quarter of a
 * check-in). One indexed range read of recently ended blocks, bounded; a later check-in
 * replaces it (record-check-in.ts forgets the key).
 */
export async function recordUntouchedBlocks(db: Db): Promise<number> {
  const result = await db.execute(sql`
    insert into "work_signals"
      ("user_id", "key", "kind", "source", "energy", "task_id", "weekday", "minute", "length_minutes")
    select e."user_id", 'untouched:' || e."id", 'untouched', 'sage', t."energy", t."id",
      extract(isodow from e."start_time" at time zone coalesce(p."timezone", 'UTC'))::int,
      (extract(hour from e."start_time" at time zone coalesce(p."timezone", 'UTC')) * 60
        + extract(minute from e."start_time" at time zone coalesce(p."timezone", 'UTC')))::int,
      greatest(1, round(extract(epoch from (e."end_time" - e."start_time")) / 60))::int
    from "calendar_events" e
    join "tasks" t on t."id" = e."task_id"
    left join "profiles" p on p."id" = e."user_id"
    where e."task_id" is not null and e."deleted_at" is null
      and e."source" = 'assistant' and e."recurrence_frequency" is null
      and e."end_time" <= now() - make_interval(hours => ${UNTOUCHED_AFTER_HOURS})
      and e."end_time" > now() - make_interval(hours => ${UNTOUCHED_WINDOW_HOURS})
      and not exists (select 1 from "check_ins" c where c."event_id" = e."id")
    limit ${UNTOUCHED_PER_SWEEP}
    on conflict ("user_id", "key") do nothing`);
  return Number((result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0);
}
