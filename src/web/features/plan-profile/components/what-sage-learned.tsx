import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsightsResponse, LearnedKey } from "../../../../core/contract/insights.ts";
import { Button } from "../../../components/button.tsx";
import { serverSaid } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";
import { insightsQuery, queryKeys } from "../../../lib/server-state.ts";
import { useOnline } from "../../../lib/use-online.ts";
import { EnergyChart } from "./energy-chart.tsx";

type Action = "undo" | "off" | "on";

const ratio = (r: number) => `${Math.round(r * 100) / 100}×`;
const many = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/** "From 12 check-ins, 5 moves and 3 finished tasks." — what the model rests on. */
/** Below this much evidence (about three finished tasks) a ratio is one or two tasks' say. */
const FEW_TASKS = 2.5;
/** "One finished task", "Two finished tasks" (evidence is a recency-weighted count). */
const fewTasks = (evidence: number) =>
  Math.round(evidence) <= 1 ? "One finished task" : "Two finished tasks";

export function evidenceLine(counts: InsightsResponse["counts"]): string {
  const checkIns = counts.done + counts.partly + counts.skipped;
  const parts = [
    checkIns > 0 ? many(checkIns, "check-in", "check-ins") : null,
    counts.moved > 0 ? many(counts.moved, "block you moved", "blocks you moved") : null,
    counts.finished > 0 ? many(counts.finished, "finished task", "finished tasks") : null,
    counts.untouched > 0
      ? many(counts.untouched, "block left as planned", "blocks left as planned")
      : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return "Nothing yet.";
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `From ${list}.`;
}

/**
 * "What Sage has learned" on How you work (issue 27): the energy chart, the estimate ratio,
 * every change stated in words with Undo and "Don't learn this", and what it rests on.
 * Nothing changes silently: the same sentences arrive as notes on the plan.
 */
export function WhatSageLearned() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const query = useQuery({ ...insightsQuery, enabled: online, retry: false });
  const steer = useMutation({
    mutationFn: (input: { key: LearnedKey; action: Action }) =>
      call("steerInsight", { params: { key: input.key }, body: { action: input.action } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.insights, answer),
  });
  const locale = typeof navigator !== "undefined" ? navigator.language : "en-US";

  if (!query.data)
    return (
      <p role="status" className="text-sm text-stone-700">
        {!online
          ? "You're offline. What Sage has learned shows when you're back online."
          : query.isError
            ? "What Sage has learned couldn't be loaded just now."
            : "Loading what Sage has learned…"}
      </p>
    );
  const data = query.data;
  const act = (key: LearnedKey, action: Action) => steer.mutate({ key, action });
  const busy = steer.isPending || !online;
  const { estimate, hours } = data;
  const byKey = (key: LearnedKey) => data.insights.filter((i) => i.key === key);

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-700">
        Sage watches what you actually do — check-ins, blocks you move, how long tasks really take —
        and plans with it. {evidenceLine(data.counts)}
      </p>

      <div aria-live="polite">
        {data.insights.length === 0 ? (
          <p className="rounded-xl bg-stone-50 p-3 text-sm text-stone-700">
            {Object.values(data.counts).some((n) => n > 0)
              ? "No changes yet: Sage plans exactly as you said. What it has seen so far (the filled bars) is too little to move your plan — it changes where it plans only once the evidence keeps pointing the same way."
              : "No changes yet: Sage plans exactly as you said. Check in on your blocks from Today and it will learn when you really do your best work."}
          </p>
        ) : (
          <ul className="space-y-2">
            {data.insights.map((i) => (
              <li key={i.sentence} className="rounded-xl bg-sage-50 p-3 text-sm text-sage-900">
                <p>{i.sentence}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button variant="secondary" disabled={busy} onClick={() => act(i.key, "undo")}>
                    Undo
                  </Button>
                  <Button variant="ghost" disabled={busy} onClick={() => act(i.key, "off")}>
                    Don't learn this
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {(["hours", "estimate"] as const).map((key) =>
          data[key].steer.off && byKey(key).length === 0 ? (
            <p key={key} className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
              {key === "hours"
                ? "Sage keeps your energy hours as you gave them (you asked it not to learn them)."
                : "Sage keeps your estimates as you give them (you asked it not to learn them)."}
              <Button variant="secondary" disabled={busy} onClick={() => act(key, "on")}>
                Learn again
              </Button>
            </p>
          ) : null,
        )}
        {steer.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {serverSaid(steer.error) ??
              "Sage couldn't be reached, so nothing changed. Try again in a moment."}
          </p>
        )}
      </div>

      <section aria-labelledby="energy-by-hour">
        <h3 id="energy-by-hour" className="font-semibold text-stone-900">
          Energy by hour
        </h3>
        <p className="mb-2 text-sm text-stone-600">
          How likely your hard work gets done at each hour.
        </p>
        <EnergyChart
          cells={hours.curves.high}
          working={hours.workingHours}
          statedPeak={hours.statedPeak}
          learnedPeak={hours.learnedPeak}
          locale={locale}
        />
      </section>

      <section aria-labelledby="estimates">
        <h3 id="estimates" className="font-semibold text-stone-900">
          How long things take
        </h3>
        <p className="mt-1 text-sm text-stone-700">
          {estimate.evidence < 0.05
            ? `Sage plans each task ${ratio(estimate.stated)} your estimate until it sees how long yours really take: check in on your blocks, with the minutes when a task took longer or shorter.`
            : estimate.learned !== estimate.stated
              ? `Your tasks have taken about ${ratio(estimate.seen)} your estimate: Sage plans them ${ratio(estimate.learned)} (it allowed ${ratio(estimate.stated)}).`
              : estimate.evidence < FEW_TASKS
                ? `${fewTasks(estimate.evidence)} so far took about ${ratio(estimate.seen)} your estimate — too few to go by: Sage keeps planning ${ratio(estimate.stated)} until it has seen more.`
                : `Your tasks have taken about ${ratio(estimate.seen)} your estimate so far; Sage keeps planning ${ratio(estimate.stated)} until the evidence is clear.`}
        </p>
      </section>
    </div>
  );
}
