import { eq } from "drizzle-orm";
import { pushAllBlocks } from "../connections/refresh-connections.ts";
import type { SyncDeps } from "../connections/sync-deps.ts";
import type { Db } from "../db/client.ts";
import { planStates } from "../db/schema.ts";
import { planTasks } from "../planning/plan-tasks.ts";
import { rememberPlan } from "../planning/replan-worker.ts";

/**
 * After a routine is made or edited, its sessions are placed at once (the answer's next read
 * of the week shows them) — a routine is the person asking Sage to keep that time, so it
 * starts the living plan like "Plan my week" does, over the horizon they planned last (7 days
 * before any plan). The write calendar follows (bounded; never fails the request).
 */
export async function placeRoutineSessions(
  deps: SyncDeps,
  opts: { userId: string; locale: string },
): Promise<void> {
  await planAndKeepPlanning(deps.db, { ...opts, now: deps.now() });
  await pushAllBlocks(deps, { userId: opts.userId });
}

/**
 * The plan, now, over the person's last horizon — and the living plan kept from then on (a
 * routine made or changed from chat starts it too, so an Undo later re-plans by itself).
 */
export async function planAndKeepPlanning(
  db: Db,
  opts: { userId: string; locale: string; now: Date },
): Promise<void> {
  const [state] = await db
    .select({ horizonDays: planStates.horizonDays, locale: planStates.locale })
    .from(planStates)
    .where(eq(planStates.userId, opts.userId));
  const days = state?.horizonDays ?? 7;
  const locale = state?.locale ?? opts.locale;
  await planTasks(db, { userId: opts.userId, days, now: opts.now, locale });
  if (!state) await rememberPlan(db, { userId: opts.userId, days, locale });
}
