import type { Task } from "../../../../core/contract/tasks.ts";
import { describeDeadline, formatDayTime, formatEstimate } from "../lib/describe-task.ts";

const PRIORITY_STYLE = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-stone-100 text-stone-800 ring-stone-200",
  low: "bg-sky-50 text-sky-900 ring-sky-200",
};
const PRIORITY_LABEL = { high: "High priority", medium: "Medium priority", low: "Low priority" };
const ENERGY_LABEL = { high: "High energy", medium: "Medium energy", low: "Low energy" };
const tag = "rounded-full px-2 py-0.5 ring-1";
const action = "rounded-lg px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed";

type Props = {
  task: Task;
  zone: string;
  now: Date;
  /** Start of the task's next planned block, if it has one. */
  nextBlock: string | undefined;
  /** Changes need the server: off while offline. */
  disabled: boolean;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/** One task: what it is, when it's due, where it's planned, and its actions. */
export function TaskItem({ task, zone, now, nextBlock, disabled, ...on }: Props) {
  const done = task.status === "done";
  const facts = [
    formatEstimate(task.estimateMinutes),
    task.deadline ? describeDeadline(task.deadline, zone, now) : "No deadline",
  ];
  return (
    // the actions go under the title wherever the list is narrow (a phone, the side panel),
    // so a long title keeps the row's width instead of a sliver of it
    <li className="flex flex-wrap items-start gap-2 py-3">
      <div className="min-w-0 flex-[1_1_18rem]">
        <p
          className={`wrap-anywhere font-semibold ${done ? "text-stone-600 line-through" : "text-stone-900"}`}
        >
          {task.title}
        </p>
        <p className="mt-0.5 text-sm text-stone-700">{facts.join(" · ")}</p>
        {done ? null : (
          <div className="mt-1.5 flex flex-wrap gap-1.5 text-xs">
            <span className={`${tag} ${PRIORITY_STYLE[task.priority]}`}>
              {PRIORITY_LABEL[task.priority]}
            </span>
            <span className={`${tag} bg-amber-50 text-amber-900 ring-amber-200`}>
              {ENERGY_LABEL[task.energy]}
            </span>
            {task.splittable ? null : (
              <span className={`${tag} bg-stone-100 text-stone-800 ring-stone-200`}>
                In one sitting
              </span>
            )}
          </div>
        )}
        {done ? null : (
          <p className="mt-1.5 text-xs text-stone-600">
            {nextBlock ? `Next block: ${formatDayTime(nextBlock, zone)}` : "Not planned yet"}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <button
          type="button"
          disabled={disabled}
          className={`${action} text-sage-800 hover:bg-sage-50 disabled:text-stone-400`}
          aria-label={done ? `Mark ${task.title} as not done` : `Mark ${task.title} done`}
          onClick={() => on.onToggle(task)}
        >
          {done ? "Undo" : "Mark done"}
        </button>
        {done ? null : (
          <button
            type="button"
            disabled={disabled}
            className={`${action} text-sage-800 hover:bg-sage-50 disabled:text-stone-400`}
            aria-label={`Edit task ${task.title}`}
            onClick={() => on.onEdit(task)}
          >
            Edit
          </button>
        )}
        <button
          type="button"
          disabled={disabled}
          className={`${action} text-red-700 hover:bg-red-50 disabled:text-stone-400`}
          aria-label={`Delete task ${task.title}`}
          onClick={() => on.onDelete(task)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
