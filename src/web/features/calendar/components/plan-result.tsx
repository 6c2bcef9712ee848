import { useEffect, useRef } from "react";
import type { PlanResponse } from "../../../../core/contract/tasks.ts";
import { PLAN_DAYS } from "../api/use-plan-week.ts";
import { formatDay, formatTimeRange } from "../lib/describe-task.ts";

type Props = {
  result: PlanResponse;
  /** Task titles by id. */
  titles: ReadonlyMap<string, string>;
  zone: string;
  onDismiss: () => void;
};

const blocks = (n: number) => (n === 1 ? "1 block" : `${n} blocks`);

/** The blocks placed, new and already in the calendar, said apart. */
function placedSentence(placed: PlanResponse["placed"]): string {
  const fresh = placed.filter((p) => !p.kept).length;
  const why = "each says why it is where it is:";
  if (fresh === 0) return `Your calendar already holds this plan — ${why}`;
  if (fresh === placed.length)
    return `Placed ${blocks(fresh)}, with buffers and slack in each day — ${why}`;
  return `Placed ${blocks(fresh)} beside ${placed.length - fresh} already in your calendar, with buffers and slack in each day — ${why}`;
}

/**
 * What 'Plan my week' did: each block placed (task, day, time) and each task that could not
 * be placed, with the scheduler's reason. Focus moves to its heading when it appears.
 * Give it a new `key` for each plan.
 */
export function PlanResult({ result, titles, zone, onDismiss }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // each plan mounts a fresh result (keyed by the caller), so this runs once per plan
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const title = (id: string) => titles.get(id) ?? "A task";
  const placed = [...result.placed].sort((a, b) => a.start.localeCompare(b.start));
  const nothing = placed.length === 0 && result.unplaced.length === 0;

  return (
    <section
      aria-labelledby="plan-result-heading"
      className="mt-4 border-l-4 border-sage-600 pl-3 sm:pl-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h4
          id="plan-result-heading"
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-stone-900 outline-none"
        >
          Your plan for the next {PLAN_DAYS} days
        </h4>
        <button
          type="button"
          className="-mr-1 -mt-1 shrink-0 rounded-lg px-2 py-1 text-sm font-medium text-stone-700 hover:bg-stone-100"
          onClick={onDismiss}
        >
          Close<span className="sr-only"> the plan summary</span>
        </button>
      </div>

      {nothing ? (
        <p className="mt-2 text-sm text-stone-800">
          There's nothing open to plan right now. Add a task, then plan your week.
        </p>
      ) : null}

      {placed.length ? (
        <>
          <p className="mt-2 text-sm text-stone-800">{placedSentence(placed)}</p>
          <ul aria-label="Placed blocks" className="@container mt-1 divide-y divide-stone-200">
            {placed.map((p) => (
              <li key={p.eventId ?? `${p.taskId}|${p.start}`} className="py-2 text-sm">
                <div className="flex flex-col @md:flex-row @md:items-baseline @md:gap-3">
                  <span className="min-w-0 flex-1 break-words font-semibold text-stone-900">
                    {title(p.taskId)}
                  </span>
                  <span className="shrink-0 tabular-nums text-stone-700">
                    <span className="whitespace-nowrap">{formatDay(p.start, zone)}</span> ·{" "}
                    <span className="whitespace-nowrap">
                      {formatTimeRange(p.start, p.end, zone)}
                    </span>
                  </span>
                </div>
                {p.why ? <p className="text-stone-600">{p.why}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {result.unplaced.length ? (
        <>
          <h5 className="mt-4 text-sm font-semibold text-stone-900">Couldn't fit this week</h5>
          <ul aria-label="Tasks not placed" className="mt-1 divide-y divide-stone-200">
            {result.unplaced.map((u) => (
              <li key={u.taskId} className="py-2 text-sm">
                <span className="break-words font-semibold text-stone-900">{title(u.taskId)}</span>
                <span className="block text-stone-700">{u.reason}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-stone-700">
            You could give it a later due date, split it, or free some time — then plan again.
          </p>
        </>
      ) : null}

      {placed.length ? (
        <p className="mt-3 text-sm text-stone-700">
          The blocks are in your calendar and the feed. If one doesn't work out, no problem — I'll
          find it a new time next plan.
        </p>
      ) : null}
    </section>
  );
}
