import { useEffect, useState } from "react";
import type { Task, TaskInput } from "../../../../core/contract/tasks.ts";
import { describedBy, Field, inputClass } from "../../../components/field.tsx";
import { SheetActions, SheetDialog } from "../../../components/sheet-dialog.tsx";
import {
  emptyTaskForm,
  formToTaskInput,
  type Level,
  type TaskFormErrors,
  type TaskFormValues,
  taskToForm,
} from "../lib/task-form.ts";

const LEVELS: Level[] = ["low", "medium", "high"];
const PRIORITY_LABEL = { low: "Low", medium: "Medium", high: "High" };
const ENERGY_LABEL = {
  low: "Low — fine when I'm tired",
  medium: "Medium",
  high: "High — needs my best focus",
};

type Props = {
  open: boolean;
  /** The task being edited; null adds a new one. */
  task: Task | null;
  zone: string;
  saving: boolean;
  /** The server's answer when it refused the task (shown as is), or null. */
  serverError: string | null;
  onClose: () => void;
  onSave: (input: TaskInput) => void;
};

/** The add/edit task modal: title, estimate (minutes or hours), optional deadline, priority, energy. */
export function TaskDialog({ open, task, zone, saving, serverError, onClose, onSave }: Props) {
  const [values, setValues] = useState<TaskFormValues>(emptyTaskForm);
  const [errors, setErrors] = useState<TaskFormErrors>({});

  useEffect(() => {
    if (!open) return;
    setValues(task ? taskToForm(task, zone) : emptyTaskForm());
    setErrors({});
  }, [open, task, zone]);

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === "unit" ? "estimate" : key === "dueTime" ? "dueDate" : key;
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const result = formToTaskInput(values, {
      zone,
      now: new Date(),
      current: task?.deadline ?? null,
    });
    if (result.errors) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      document.getElementById(`task-${first}`)?.focus();
      return;
    }
    onSave(result.input);
  };

  return (
    <SheetDialog
      id="task-dialog"
      open={open}
      onClose={onClose}
      title={task ? "Edit task" : "Add task"}
      description={
        <>Sage pads your estimate a little and finds the task a time that suits your energy.</>
      }
    >
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="task-title" label="Title" error={errors.title} className="sm:col-span-2">
          <input
            {...describedBy("task-title", errors.title)}
            className={inputClass}
            required
            maxLength={200}
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 block text-sm font-medium text-stone-800">
            How long will it take?
          </legend>
          <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-2">
            <div>
              <label htmlFor="task-estimate" className="sr-only">
                Estimate
              </label>
              <input
                {...describedBy("task-estimate", errors.estimate)}
                className={inputClass}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                required
                placeholder={values.unit === "hours" ? "e.g. 1.5" : "e.g. 45"}
                value={values.estimate}
                onChange={(e) => set("estimate", e.target.value)}
              />
            </div>
            <label htmlFor="task-unit" className="sr-only">
              Unit
            </label>
            <select
              id="task-unit"
              className={inputClass}
              value={values.unit}
              onChange={(e) => set("unit", e.target.value as TaskFormValues["unit"])}
            >
              <option value="minutes">minutes</option>
              <option value="hours">hours</option>
            </select>
          </div>
          {errors.estimate ? (
            <p id="task-estimate-error" className="mt-1 text-sm text-red-700">
              {errors.estimate}
            </p>
          ) : null}
        </fieldset>
        <Field
          id="task-dueDate"
          label="Due date (optional)"
          error={errors.dueDate}
          hint="Leave empty if there's no deadline."
        >
          <input
            {...describedBy("task-dueDate", errors.dueDate, true)}
            className={inputClass}
            type="date"
            value={values.dueDate}
            onChange={(e) => set("dueDate", e.target.value)}
          />
        </Field>
        <Field id="task-dueTime" label="Due by" hint="On the due date.">
          <input
            {...describedBy("task-dueTime", undefined, true)}
            className={`${inputClass} disabled:bg-stone-100 disabled:text-stone-500`}
            type="time"
            disabled={!values.dueDate}
            value={values.dueTime}
            onChange={(e) => set("dueTime", e.target.value)}
          />
        </Field>
        <Field id="task-priority" label="Priority">
          <select
            id="task-priority"
            className={inputClass}
            value={values.priority}
            onChange={(e) => set("priority", e.target.value as Level)}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {PRIORITY_LABEL[l]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="task-energy" label="Energy it needs">
          <select
            id="task-energy"
            className={inputClass}
            value={values.energy}
            onChange={(e) => set("energy", e.target.value as Level)}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {ENERGY_LABEL[l]}
              </option>
            ))}
          </select>
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={values.splittable}
            onChange={(e) => set("splittable", e.target.checked)}
          />
          Can be split into shorter blocks
        </label>
        <SheetActions
          className="sm:col-span-2"
          saving={saving}
          submitLabel={task ? "Save changes" : "Save task"}
          error={
            serverError &&
            `${task ? "Couldn't save the task" : "Couldn't add the task"}: ${serverError}`
          }
        />
      </form>
    </SheetDialog>
  );
}
