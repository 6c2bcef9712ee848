import { sql } from "drizzle-orm";
import { replanRequests } from "../../src/server/db/schema.ts";
import { runDueReplans } from "../../src/server/planning/replan-worker.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Runs the re-plan worker until no request is left (requests come due 300 ms after a change)
 * but those held by a proposed plan; answers how many re-plans ran.
 */
export async function settleReplans(t: TestApp, now: () => Date): Promise<number> {
  let ran = 0;
  const until = Date.now() + 10_000;
  for (;;) {
    ran += await runDueReplans({ db: t.db, config: t.config, now });
    // a request held by a proposal on screen (holdReplans) waits on purpose
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(replanRequests)
      .where(
        sql`not exists (select 1 from "plan_states" s where s."user_id" = ${replanRequests.userId} and s."held_until" > clock_timestamp())`,
      );
    if (Number(left!.n) === 0) return ran;
    if (Date.now() > until) throw new Error("re-plans never settled");
    await new Promise((r) => setTimeout(r, 50));
  }
}
