import "../../../lib/zod-jitless.ts";
import { DateTime } from "luxon";
import { type Task, type TaskInput, taskInput } from "../../../../core/contract/tasks.ts";

export type Level = "low" | "medium" | "high";

/** The add-task form as the inputs hold it. */
export type TaskFormValues = {
  title: string;
  estimate: string;
  unit: "minutes" | "hours";
  /** yyyy-MM-dd, or empty for no deadline. */
  dueDate: string;
  /** HH:mm; the deadline's time on the due date. */
  dueTime: string;
  priority: Level;
  energy: Level;
  splittable: boolean;
};
export type TaskFormErrors = Partial<Record<"title" | "estimate" | "dueDate", string>>;

export const DEFAULT_DUE_TIME = "17:00";
const MIN_MINUTES = 5;
const MAX_MINUTES = 40 * 60;

export const emptyTaskForm = (): TaskFormValues => ({
  title: "",
  estimate: "",
  unit: "minutes",
  dueDate: "",
  dueTime: DEFAULT_DUE_TIME,
  priority: "medium",
  energy: "medium",
  splittable: true,
});

/** The form for editing a task: whole and half hours read as hours, the rest as minutes. */
export function taskToForm(task: Task, zone: string): TaskFormValues {
  const inHours = task.estimateMinutes >= 60 && task.estimateMinutes % 30 === 0;
  const due = task.deadline ? DateTime.fromISO(task.deadline, { zone }) : null;
  return {
    title: task.title,
    estimate: String(inHours ? task.estimateMinutes / 60 : task.estimateMinutes),
    unit: inHours ? "hours" : "minutes",
    dueDate: due ? due.toFormat("yyyy-MM-dd") : "",
    dueTime: due ? due.toFormat("HH:mm") : DEFAULT_DUE_TIME,
    priority: task.priority,
    energy: task.energy,
    splittable: task.splittable,
  };
}

const FIELD_OF: Record<string, keyof TaskFormErrors> = {
  title: "title",
  estimateMinutes: "estimate",
  deadline: "dueDate",
};

/**
 * Turns the form into a task for POST /api/tasks, checked first in plain words and then by
 * the same contract the server uses. The deadline is read in `zone` (the browser's).
 */
export function formToTaskInput(
  v: TaskFormValues,
  opts: {
    zone: string;
    now: Date /** The task's deadline when editing: kept even if passed. */;
    current?: string | null;
  },
): { input: TaskInput; errors: null } | { input: null; errors: TaskFormErrors } {
  const errors: TaskFormErrors = {};
  if (!v.title.trim()) errors.title = "Title is required";

  let minutes: number | undefined;
  const amount = Number(v.estimate.trim().replace(",", "."));
  if (!v.estimate.trim()) errors.estimate = "Enter how long it will take";
  else if (!Number.isFinite(amount) || amount <= 0)
    errors.estimate = "The estimate must be a positive number";
  else {
    minutes = Math.round(v.unit === "hours" ? amount * 60 : amount);
    if (minutes < MIN_MINUTES) errors.estimate = "The estimate must be at least 5 minutes";
    else if (minutes > MAX_MINUTES) errors.estimate = "The estimate must be at most 40 hours";
  }

  let deadline: string | null = null;
  if (v.dueDate) {
    const due = DateTime.fromISO(`${v.dueDate}T${v.dueTime || DEFAULT_DUE_TIME}`, {
      zone: opts.zone,
    });
    if (!due.isValid) errors.dueDate = "The due date is not a valid date";
    else if (
      due.toMillis() <= opts.now.getTime() &&
      !(opts.current && new Date(opts.current).getTime() === due.toMillis())
    )
      errors.dueDate = "That time has already passed";
    else deadline = due.toUTC().toISO();
  }
  if (Object.keys(errors).length) return { input: null, errors };

  const input: TaskInput = {
    title: v.title.trim(),
    estimateMinutes: minutes!,
    deadline,
    priority: v.priority,
    energy: v.energy,
    splittable: v.splittable,
  };
  const checked = taskInput.safeParse(input);
  if (checked.success) return { input, errors: null };
  for (const issue of checked.error.issues) {
    const field = FIELD_OF[String(issue.path[0])] ?? "title";
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}
