import type { UseQueryResult } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import type { PlanResponse, Task, TaskInput } from "../../../../core/contract/tasks.ts";
import { Button } from "../../../components/button.tsx";
import { PartlyForm } from "../../today/components/partly-form.tsx";
import {
  type Proposed,
  useAcceptPlan,
  useDiscardPlan,
  usePlanWeek,
  usePreviewPlan,
} from "../api/use-plan-week.ts";
import { useTaskMutations } from "../api/use-task-mutations.ts";
import { proposalKey } from "../lib/proposed-events.ts";
import { TASKS_OFFLINE, taskErrorMessage } from "../lib/task-messages.ts";
import { DeleteTaskDialog } from "./delete-task-dialog.tsx";
import { PlanProposal } from "./plan-proposal.tsx";
import { PlanResult } from "./plan-result.tsx";
import { TaskDialog } from "./task-dialog.tsx";
import { TaskItem } from "./task-item.tsx";

type Props = {
  userId: string;
  online: boolean;
  zone: string;
  tasks: UseQueryResult<Task[]>;
  events: LocalEvent[];
  /** Brings the blocks the plan wrote on the server into the local calendar. */
  onPlanned: () => void;
  /** Drawn without a box of its own (the week view's side panel is the box). */
  flat?: boolean | undefined;
  /** Told of each plan (the week view highlights its blocks and offers to undo it). */
  onPlan?: ((plan: PlanResponse) => void) | undefined;
  /**
   * The plan still standing, where the caller can undo one: once it is undone (null) the
   * summary of it goes too, so it never lists blocks that are no longer there.
   */
  standingPlan?: PlanResponse | null | undefined;
  /** Told of the proposal on show (null when it is accepted or discarded): the grid draws it. */
  onProposal?:
    | ((proposal: { plan: PlanResponse; thrown: ReadonlySet<string> } | null) => void)
    | undefined;
};

/** Next planned block per task: the earliest start still ahead. */
function nextBlocks(events: LocalEvent[], now: number): Map<string, string> {
  const next = new Map<string, string>();
  for (const e of events) {
    if (!e.taskId || new Date(e.startTime).getTime() <= now) continue;
    const seen = next.get(e.taskId);
    if (!seen || e.startTime < seen) next.set(e.taskId, e.startTime);
  }
  return next;
}

/**
 * The task list and 'Plan my week'. Tasks live on the server only, so adding, changing and
 * planning need a connection; offline the section says so and keeps what it last showed.
 */
export function TasksSection({
  userId,
  online,
  zone,
  tasks,
  events,
  onPlanned,
  onPlan,
  flat,
  standingPlan,
  onProposal,
}: Props) {
  const { create, update, setStatus, remove } = useTaskMutations(userId);
  // a task just marked done here: asked how long it really took (optional)
  const [justDone, setJustDone] = useState<Task | null>(null);
  const plan = usePlanWeek(userId, (result) => {
    onPlanned();
    onPlan?.(result);
  });
  // `n` counts plans, so each result mounts afresh (and takes focus)
  const [result, setResult] = useState<{ n: number; plan: PlanResponse | null }>({
    n: 0,
    plan: null,
  });
  // a proposal on show, and the new blocks the person threw back from it
  const [proposal, setProposal] = useState<{ plan: PlanResponse; thrown: Set<string> } | null>(
    null,
  );
  const showProposal = (next: { plan: PlanResponse; thrown: Set<string> } | null) => {
    setProposal(next);
    onProposal?.(next);
  };
  const preview = usePreviewPlan();
  const discardPlan = useDiscardPlan(userId);
  const accept = useAcceptPlan(userId, (result) => {
    showProposal(null);
    setResult((r) => ({ n: r.n + 1, plan: result }));
    onPlanned();
    onPlan?.(result);
  });
  const [dialog, setDialog] = useState<{ open: boolean; task: Task | null }>({
    open: false,
    task: null,
  });
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const list = tasks.data ?? [];
  const open = list.filter((t) => t.status === "open");
  const done = list.filter((t) => t.status === "done");
  const now = new Date();
  const next = useMemo(() => nextBlocks(events, Date.now()), [events]);
  const titles = useMemo(() => new Map(list.map((t) => [t.id, t.title])), [list]);
  const saving = create.isPending || update.isPending;
  const saveError = (dialog.task ? update.error : create.error) ?? null;

  const openDialog = (task: Task | null) => {
    create.reset();
    update.reset();
    setDialog({ open: true, task });
  };
  const save = (input: TaskInput) => {
    const close = () => setDialog((d) => ({ ...d, open: false }));
    if (dialog.task) update.mutate({ task: dialog.task, input }, { onSuccess: close });
    else create.mutate(input, { onSuccess: close });
  };
  const fail = (what: string) => (err: unknown) =>
    setActionError(`${what}: ${taskErrorMessage(err)}`);

  return (
    <section
      aria-labelledby="tasks-heading"
      // inside the panel's one surface: a section under a divider, never a card in a card
      className={flat ? "" : "mt-6 border-t border-stone-200 pt-5"}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 id="tasks-heading" className="font-semibold text-stone-900">
          Tasks
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!online} onClick={() => openDialog(null)}>
            Add task
          </Button>
          <Button
            variant="secondary"
            disabled={!online || preview.isPending || plan.isPending}
            onClick={() => {
              setActionError(null);
              accept.reset();
              preview.mutate(undefined, {
                onSuccess: (data) => {
                  setResult((r) => ({ ...r, plan: null }));
                  showProposal({ plan: data, thrown: new Set() });
                },
              });
            }}
          >
            {preview.isPending ? "Proposing…" : "Preview plan"}
          </Button>
          <Button
            disabled={!online || plan.isPending}
            onClick={() => {
              setActionError(null);
              showProposal(null);
              plan.mutate(undefined, {
                onSuccess: (data) => setResult((r) => ({ n: r.n + 1, plan: data })),
              });
            }}
          >
            {plan.isPending ? "Planning…" : "Plan my week"}
          </Button>
        </div>
      </div>

      {!online ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {TASKS_OFFLINE}
        </p>
      ) : null}
      {plan.error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          Couldn't plan your week: {taskErrorMessage(plan.error)}
        </p>
      ) : null}
      {actionError ? (
        <div
          role="alert"
          className="mt-3 flex items-start justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <span>{actionError}</span>
          <button
            type="button"
            className="shrink-0 rounded px-1 font-semibold"
            aria-label="Dismiss"
            onClick={() => setActionError(null)}
          >
            ×
          </button>
        </div>
      ) : null}

      {preview.error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          Couldn't propose a plan: {taskErrorMessage(preview.error)}
        </p>
      ) : null}
      {proposal ? (
        <PlanProposal
          proposal={proposal.plan}
          thrown={proposal.thrown}
          titles={titles}
          zone={zone}
          online={online}
          busy={accept.isPending}
          error={accept.error ? `Couldn't add the plan: ${taskErrorMessage(accept.error)}` : null}
          onToggle={(b: Proposed) => {
            const thrown = new Set(proposal.thrown);
            const key = proposalKey(b);
            if (thrown.has(key)) thrown.delete(key);
            else thrown.add(key);
            showProposal({ plan: proposal.plan, thrown });
          }}
          onAccept={() =>
            accept.mutate({
              accept: proposal.plan.placed.filter((b) => !proposal.thrown.has(proposalKey(b))),
              reject: proposal.plan.placed.filter((b) => proposal.thrown.has(proposalKey(b))),
            })
          }
          onDiscard={() => {
            showProposal(null);
            discardPlan();
          }}
        />
      ) : null}

      {result.plan && (standingPlan === undefined || standingPlan === result.plan) ? (
        <PlanResult
          key={result.n}
          result={result.plan}
          titles={titles}
          zone={zone}
          onDismiss={() => setResult((r) => ({ ...r, plan: null }))}
        />
      ) : null}

      {tasks.isError ? (
        <div role="alert" className="mt-3 text-sm text-red-800">
          Couldn't load your tasks: {taskErrorMessage(tasks.error)}{" "}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void tasks.refetch()}
          >
            Try again
          </button>
        </div>
      ) : tasks.isPending && online ? (
        <p role="status" className="mt-3 text-sm text-stone-700">
          Loading your tasks…
        </p>
      ) : null}

      {tasks.isSuccess && open.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">
          No open tasks. Add one with an estimate, and Sage will find it a time that suits your
          energy.
        </p>
      ) : null}
      {justDone ? (
        <section
          aria-label={`“${justDone.title}” is done`}
          className="mt-3 flex flex-col gap-2 rounded-xl bg-sage-50 p-3"
        >
          <p role="status" className="text-sm text-sage-900">
            “{justDone.title}” is done. How long did it take? (Sage learns your estimates from it.)
          </p>
          <PartlyForm
            took
            plannedMinutes={justDone.estimateMinutes}
            disabled={!online || setStatus.isPending}
            onSave={(minutes) => {
              setStatus.mutate(
                { task: justDone, status: "done", actualMinutes: minutes },
                { onError: fail("Couldn't update") },
              );
              setJustDone(null);
            }}
            onCancel={() => setJustDone(null)}
          />
        </section>
      ) : null}
      {open.length ? (
        <ul aria-label="Open tasks" className="mt-3 divide-y divide-stone-200">
          {open.map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              zone={zone}
              now={now}
              nextBlock={next.get(task.id)}
              disabled={!online}
              onToggle={(t) =>
                setStatus.mutate(
                  { task: t, status: "done" },
                  { onSuccess: () => setJustDone(t), onError: fail("Couldn't update") },
                )
              }
              onEdit={(t) => openDialog(t)}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      ) : null}
      {done.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-stone-800">
            Done ({done.length})
          </summary>
          <ul aria-label="Done tasks" className="mt-2 divide-y divide-stone-200">
            {done.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                zone={zone}
                now={now}
                nextBlock={undefined}
                disabled={!online}
                onToggle={(t) => {
                  // opened again: no longer asked how long it took
                  if (justDone?.id === t.id) setJustDone(null);
                  setStatus.mutate(
                    { task: t, status: "open" },
                    { onError: fail("Couldn't update") },
                  );
                }}
                onEdit={(t) => openDialog(t)}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </details>
      ) : null}

      <TaskDialog
        open={dialog.open}
        task={dialog.task}
        zone={zone}
        saving={saving}
        serverError={saveError ? taskErrorMessage(saveError) : null}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSave={save}
      />
      <DeleteTaskDialog
        task={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(task) => {
          setDeleting(null);
          if (justDone?.id === task.id) setJustDone(null);
          remove.mutate(task, {
            onSuccess: onPlanned, // its future blocks went with it
            onError: fail(`Couldn't delete “${task.title}”`),
          });
        }}
      />
    </section>
  );
}
