import { and, eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { userTimeZone } from "../calendar/list-events.ts";
import { pushAllBlocks } from "../connections/refresh-connections.ts";
import type { SyncDeps } from "../connections/sync-deps.ts";
import type { Db } from "../db/client.ts";
import { planNotes, planStates, replanRequests } from "../db/schema.ts";
import { type Move, planTasks } from "./plan-tasks.ts";

/**
 * Sage keeps a person's plan up to date by itself (issue 26). What a plan rests on — their
 * events, tasks, connected calendars — asks for a re-plan in the same transaction as the change
 * (drizzle/0015's triggers write replan_requests; check-ins and profile edits call
 * requestReplan). Any instance's worker claims a due request in the database (a lease, FOR
 * UPDATE SKIP LOCKED), so one re-plan per person runs at a time across instances; a burst of
 * changes is one request. The re-plan keeps every block that still fits (planTasks with the
 * last plan as `previous`), writes a note with Undo for each task it moved, and the write
 * calendar follows.
 */

/** How long a claim holds before another instance may take the request over. */
const LEASE_SECONDS = 60;

type Log = {
  error: (obj: object, msg: string) => void;
  info?: (obj: object, msg: string) => void;
};
export type ReplanDeps = SyncDeps & { log?: Log };

/** Asks for a re-plan of a person whose plan Sage keeps (inside the caller's transaction). */
export async function requestReplan(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select "request_replans"(array[${userId}]::uuid[])`);
}

/** Starts Sage keeping the person's plan (their first plan), with the horizon and language. */
export async function rememberPlan(
  db: Db,
  opts: { userId: string; days: number; locale: string },
): Promise<void> {
  await db
    .insert(planStates)
    .values({ userId: opts.userId, horizonDays: opts.days, locale: opts.locale })
    .onConflictDoUpdate({
      target: planStates.userId,
      // planning again after an Undo plan: Sage keeps the plan again (and a proposal that
      // was waiting is decided)
      set: {
        horizonDays: opts.days,
        locale: opts.locale,
        plannedAt: sql`now()`,
        auto: true,
        heldUntil: null,
      },
    });
}

/** How long a proposed plan holds Sage's own re-plans back, at most. */
export const PREVIEW_HOLD_MINUTES = 10;

/**
 * A proposed plan is on the person's screen (Preview plan): Sage's own re-plans wait until they
 * accept or discard it, or PREVIEW_HOLD_MINUTES pass — otherwise the living plan would write
 * the blocks the proposal says are not written yet. Only a person whose plan Sage keeps has
 * anything to hold.
 */
export async function holdReplans(db: Db, userId: string): Promise<void> {
  await db
    .update(planStates)
    .set({
      heldUntil: sql`clock_timestamp() + make_interval(mins => ${PREVIEW_HOLD_MINUTES})`,
    })
    .where(eq(planStates.userId, userId));
}

/** The proposal was decided on (or a plan written): Sage re-plans by itself again. */
export async function releaseReplans(db: Db, userId: string): Promise<void> {
  await db.update(planStates).set({ heldUntil: null }).where(eq(planStates.userId, userId));
}

/** How far back the sweep looks for blocks that ended (it runs every 5 minutes). */
const SWEEP_WINDOW_MINUTES = 15;
/** People asked for at most per sweep (the rest are found by the next). */
const SWEEP_PEOPLE = 500;

/**
 * A block that ends with its task still open and no check-in is simply planned again — but
 * nothing changed in the database when it ended, so no trigger asked. This asks for the
 * people whose blocks ended in the last minutes (one indexed range read, bounded), so their
 * unfinished work finds a new time without a button and Today says where it went.
 */
export async function requestReplansForEndedBlocks(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with ended as (
      select distinct e."user_id" from "calendar_events" e
      join "tasks" t on t."id" = e."task_id" and t."status" = 'open' and t."deleted_at" is null
      where e."task_id" is not null and e."deleted_at" is null
        and e."end_time" <= now()
        and e."end_time" > now() - make_interval(mins => ${SWEEP_WINDOW_MINUTES})
        and not exists (select 1 from "check_ins" c where c."event_id" = e."id")
      limit ${SWEEP_PEOPLE}
    )
    select "request_replans"(array(select "user_id" from ended)), (select count(*) from ended)::int as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Claims one due request for this instance, or undefined. */
async function claim(db: Db): Promise<{ userId: string; generation: number } | undefined> {
  const rows = await db.execute<{ user_id: string; generation: number }>(sql`
    update "replan_requests" r
    set "claimed_until" = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
    where r."user_id" = (
      select q."user_id" from "replan_requests" q
      where q."due_at" <= clock_timestamp()
        and (q."claimed_until" is null or q."claimed_until" < clock_timestamp())
        -- a proposed plan waiting for the person's decision: the request waits with it
        and not exists (
          select 1 from "plan_states" s
          where s."user_id" = q."user_id" and s."held_until" > clock_timestamp()
        )
      order by q."due_at"
      limit 1
      for update skip locked
    )
    returning r."user_id", r."generation"`);
  const row = (rows as unknown as { rows: { user_id: string; generation: number }[] }).rows[0];
  return row ? { userId: row.user_id, generation: Number(row.generation) } : undefined;
}

/**
 * Done with a claimed request: gone if nothing asked again meanwhile, otherwise released to
 * run again (the changes that came during this re-plan are not in it).
 */
async function release(db: Db, userId: string, generation: number): Promise<void> {
  const gone = await db
    .delete(replanRequests)
    .where(and(eq(replanRequests.userId, userId), eq(replanRequests.generation, generation)))
    .returning({ userId: replanRequests.userId });
  if (gone.length > 0) return;
  await db
    .update(replanRequests)
    .set({ claimedUntil: null, firstAt: sql`clock_timestamp()` })
    .where(eq(replanRequests.userId, userId));
}

/** Runs due re-plans (at most `max`), one person at a time; the number run. Never throws. */
export async function runDueReplans(deps: ReplanDeps, max = 10): Promise<number> {
  let done = 0;
  while (done < max) {
    let claimed: Awaited<ReturnType<typeof claim>>;
    try {
      claimed = await claim(deps.db);
    } catch (error) {
      deps.log?.error({ err: error }, "re-plan: claim failed");
      return done;
    }
    if (!claimed) return done;
    done++;
    try {
      await replanPerson(deps, claimed.userId);
    } catch (error) {
      // bounded: the request goes with the failure; the next change asks again
      deps.log?.error({ err: error, userId: claimed.userId }, "re-plan failed");
      await deps.db
        .delete(replanRequests)
        .where(eq(replanRequests.userId, claimed.userId))
        .catch(() => {});
      continue;
    }
    await release(deps.db, claimed.userId, claimed.generation).catch((error) =>
      deps.log?.error({ err: error, userId: claimed.userId }, "re-plan: release failed"),
    );
  }
  return done;
}

/** One person's automatic re-plan: the plan, its notes, and the write calendar. */
export async function replanPerson(deps: ReplanDeps, userId: string): Promise<Move[]> {
  const [state] = await deps.db.select().from(planStates).where(eq(planStates.userId, userId));
  if (!state?.auto) return [];
  const plan = await planTasks(deps.db, {
    userId,
    days: state.horizonDays,
    now: deps.now(),
    locale: state.locale,
  });
  const zone = await userTimeZone(deps.db, userId);
  const say = { zone, locale: state.locale };
  const notes = [
    ...plan.moves.flatMap((move) => noteOf(move, say)),
    // a routine's session moved when life booked over it (issue 29); no note when it could
    // not go anywhere: the week's short note (plan-routines.ts) says that
    ...plan.sessionMoves.flatMap((move) => noteOf({ ...move, taskId: null }, say)),
  ];
  if (notes.length > 0)
    await deps.db.insert(planNotes).values(notes.map((n) => ({ ...n, userId })));
  if (plan.changes.created.length > 0 || plan.changes.removed.length > 0)
    await pushAllBlocks(deps, { userId });
  return plan.moves;
}

/** A move in the person's words: "to Wed 9:00 — “Client call” took its time". */
export function noteOf(
  move: Omit<Move, "taskId"> & { taskId: string | null },
  say: { zone: string; locale: string },
): {
  kind: "moved" | "unplaced";
  taskId: string | null;
  title: string;
  detail: string;
  undo: { created: string[]; removed: string[] };
}[] {
  const undo = { created: move.to.map((b) => b.id), removed: move.from.map((b) => b.id) };
  if (move.unplaced !== undefined)
    return [
      {
        kind: "unplaced",
        taskId: move.taskId,
        title: move.title,
        detail: `${capitalize(move.cause)}. ${move.unplaced}`,
        undo,
      },
    ];
  if (move.to.length === 0) return []; // its time was already enough (done elsewhere)
  const at = (t: number) =>
    DateTime.fromMillis(t, { zone: say.zone })
      .setLocale(say.locale)
      .toLocaleString({ weekday: "short", hour: "numeric", minute: "2-digit" });
  const times = move.to.map((b) => at(b.start));
  const where =
    times.length === 1 ? times[0] : `${times.slice(0, -1).join(", ")} and ${times.at(-1)}`;
  return [
    {
      kind: "moved",
      taskId: move.taskId,
      title: move.title,
      detail: `to ${where} — ${move.cause}`,
      undo,
    },
  ];
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Polls for due re-plans every `everyMs` on this instance (another instance's claim is
 * skipped, never waited on). Never throws; returns a stop function.
 */
export function startReplanWorker(deps: ReplanDeps, everyMs = 500): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDueReplans(deps)
      .catch((error) => deps.log?.error({ err: error }, "re-plan worker failed"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
