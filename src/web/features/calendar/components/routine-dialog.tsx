import { useEffect, useState } from "react";
import type { Routine, RoutineInput } from "../../../../core/contract/routines.ts";
import { ROUTINE_DAYS, type RoutineDay } from "../../../../core/routines/routine-rules.ts";
import { describedBy, Field, inputClass } from "../../../components/field.tsx";
import { SheetActions, SheetDialog } from "../../../components/sheet-dialog.tsx";
import {
  emptyRoutineForm,
  formToRoutineInput,
  type RoutineFormErrors,
  type RoutineFormField,
  type RoutineFormValues,
  routineToForm,
} from "../lib/routine-form.ts";

export const DAY_LABEL: Record<RoutineDay, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};
const DAY_NAME: Record<RoutineDay, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const LEVEL_LABEL = { low: "Low", medium: "Medium", high: "High" } as const;
const ENERGY_LABEL = {
  low: "Low — fine when I'm tired",
  medium: "Medium",
  high: "High — needs my best energy",
} as const;
const LEVELS = ["low", "medium", "high"] as const;

type Props = {
  open: boolean;
  /** The routine being edited; null adds a new one. */
  routine: Routine | null;
  saving: boolean;
  serverError: string | null;
  onClose: () => void;
  onSave: (input: RoutineInput) => void;
};

/** The add/edit routine form: title, length, times a week, days, window, energy, priority. */
export function RoutineDialog({ open, routine, saving, serverError, onClose, onSave }: Props) {
  const [values, setValues] = useState<RoutineFormValues>(emptyRoutineForm);
  const [errors, setErrors] = useState<RoutineFormErrors>({});

  useEffect(() => {
    if (!open) return;
    setValues(routine ? routineToForm(routine) : emptyRoutineForm());
    setErrors({});
  }, [open, routine]);

  const set = <K extends keyof RoutineFormValues>(key: K, value: RoutineFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key as RoutineFormField]: undefined }));
  };
  const toggleDay = (day: RoutineDay) =>
    set(
      "days",
      values.days.includes(day) ? values.days.filter((d) => d !== day) : [...values.days, day],
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const result = formToRoutineInput(values);
    if (result.errors) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      document.getElementById(first === "days" ? "routine-day-MO" : `routine-${first}`)?.focus();
      return;
    }
    onSave(result.input);
  };

  return (
    <SheetDialog
      id="routine-dialog"
      open={open}
      onClose={onClose}
      title={routine ? "Edit routine" : "Add routine"}
      description="Sage gives each week its sessions on different days inside your window, around your events, and moves one when life books over it."
    >
      <form noValidate onSubmit={submit} className="mt-4 grid grid-cols-2 gap-4">
        <Field id="routine-title" label="Title" error={errors.title} className="col-span-2">
          <input
            {...describedBy("routine-title", errors.title)}
            className={inputClass}
            required
            maxLength={200}
            placeholder="e.g. Gym"
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
          />
        </Field>
        <Field id="routine-minutes" label="Minutes a session" error={errors.minutes}>
          <input
            {...describedBy("routine-minutes", errors.minutes)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={5}
            max={480}
            value={values.minutes}
            onChange={(e) => set("minutes", e.target.value)}
          />
        </Field>
        <Field id="routine-timesPerWeek" label="Times a week" error={errors.timesPerWeek}>
          <input
            {...describedBy("routine-timesPerWeek", errors.timesPerWeek)}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={1}
            max={7}
            value={values.timesPerWeek}
            onChange={(e) => set("timesPerWeek", e.target.value)}
          />
        </Field>
        <fieldset
          className="col-span-2"
          aria-describedby={errors.days ? "routine-days-error" : undefined}
        >
          <legend className="mb-1 block text-sm font-medium text-stone-800">On which days?</legend>
          <div className="flex flex-wrap gap-2">
            {ROUTINE_DAYS.map((day) => {
              const on = values.days.includes(day);
              return (
                <button
                  key={day}
                  id={`routine-day-${day}`}
                  type="button"
                  aria-pressed={on}
                  aria-label={DAY_NAME[day]}
                  onClick={() => toggleDay(day)}
                  className={`min-h-11 min-w-11 rounded-full border px-3 text-sm font-medium ${
                    on
                      ? "border-sage-800 bg-sage-800 text-white"
                      : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"
                  }`}
                >
                  {DAY_LABEL[day]}
                </button>
              );
            })}
          </div>
          {errors.days ? (
            <p id="routine-days-error" className="mt-1 text-sm text-red-700">
              {errors.days}
            </p>
          ) : null}
        </fieldset>
        <Field id="routine-from" label="From" error={errors.from} hint="The earliest start.">
          <input
            {...describedBy("routine-from", errors.from, true)}
            className={inputClass}
            type="time"
            value={values.from}
            onChange={(e) => set("from", e.target.value)}
          />
        </Field>
        <Field id="routine-to" label="To" error={errors.to} hint="The latest end.">
          <input
            {...describedBy("routine-to", errors.to, true)}
            className={inputClass}
            type="time"
            value={values.to}
            onChange={(e) => set("to", e.target.value)}
          />
        </Field>
        <Field id="routine-energy" label="Energy it takes">
          <select
            id="routine-energy"
            className={inputClass}
            value={values.energy}
            onChange={(e) => set("energy", e.target.value as RoutineFormValues["energy"])}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {ENERGY_LABEL[l]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="routine-priority"
          label="Priority"
          hint="High or medium: placed before tasks. Low: after them."
        >
          <select
            {...describedBy("routine-priority", undefined, true)}
            className={inputClass}
            value={values.priority}
            onChange={(e) => set("priority", e.target.value as RoutineFormValues["priority"])}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {LEVEL_LABEL[l]}
              </option>
            ))}
          </select>
        </Field>
        <SheetActions
          className="col-span-2"
          saving={saving}
          submitLabel={routine ? "Save changes" : "Save routine"}
          error={
            serverError &&
            `${routine ? "Couldn't save the routine" : "Couldn't add the routine"}: ${serverError}`
          }
        />
      </form>
    </SheetDialog>
  );
}
