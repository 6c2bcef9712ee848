import { FREQUENCIES, WEEKDAYS, type Weekday } from "../../../../core/contract/calendar.ts";
import { describedBy, Field, inputClass } from "../../../components/field.tsx";
import type { FormErrors, FormValues } from "../lib/event-form.ts";

const FREQUENCY_LABEL = { DAILY: "Daily", WEEKLY: "Weekly", MONTHLY: "Monthly", YEARLY: "Yearly" };
const UNIT = { DAILY: "days", WEEKLY: "weeks", MONTHLY: "months", YEARLY: "years" };
const DAY_LABEL: Record<Weekday, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};

type Props = {
  values: FormValues;
  errors: FormErrors;
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
};

/** Frequency (WEEKLY by default), interval, days, month day, and how the series ends. */
export function RecurrenceFields({ values: v, errors, set }: Props) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-stone-800">Repeat</legend>
      <Field id="event-frequency" label="Frequency" error={errors.frequency}>
        <select
          {...describedBy("event-frequency", errors.frequency)}
          className={inputClass}
          value={v.frequency}
          onChange={(e) => set("frequency", e.target.value as FormValues["frequency"])}
        >
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABEL[f]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="event-interval"
        label={`Every how many ${UNIT[v.frequency]}`}
        error={errors.interval}
      >
        <input
          {...describedBy("event-interval", errors.interval)}
          className={inputClass}
          type="number"
          min={1}
          inputMode="numeric"
          value={v.interval}
          onChange={(e) => set("interval", e.target.value)}
        />
      </Field>
      {v.frequency === "WEEKLY" ? (
        <fieldset className="sm:col-span-2" aria-describedby="event-days-hint">
          <legend className="mb-1 text-sm font-medium text-stone-800">On these days</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => (
              <label
                key={day}
                className="flex items-center gap-1.5 rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm has-[:checked]:border-sage-700 has-[:checked]:bg-sage-50"
              >
                <input
                  type="checkbox"
                  checked={v.byDay.includes(day)}
                  onChange={(e) =>
                    set(
                      "byDay",
                      e.target.checked
                        ? WEEKDAYS.filter((d) => d === day || v.byDay.includes(d))
                        : v.byDay.filter((d) => d !== day),
                    )
                  }
                />
                {DAY_LABEL[day]}
              </label>
            ))}
          </div>
          <p id="event-days-hint" className="mt-1 text-xs text-stone-600">
            None chosen: the same weekday as the start.
          </p>
          {errors.byDay ? <p className="mt-1 text-sm text-red-700">{errors.byDay}</p> : null}
        </fieldset>
      ) : null}
      {v.frequency === "MONTHLY" ? (
        <Field
          id="event-month-day"
          label="Day of the month"
          error={errors.byMonthDay}
          hint="Empty: the same day as the start. -1 is the last day."
        >
          <input
            {...describedBy("event-month-day", errors.byMonthDay, true)}
            className={inputClass}
            type="number"
            min={-31}
            max={31}
            value={v.byMonthDay}
            onChange={(e) => set("byMonthDay", e.target.value)}
          />
        </Field>
      ) : null}
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Ends</legend>
        <div className="flex flex-col gap-2">
          {(
            [
              ["never", "Never"],
              ["until", "On a date"],
              ["count", "After a number of times"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="event-ends"
                value={value}
                checked={v.ends === value}
                onChange={() => set("ends", value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {v.ends === "until" ? (
        <Field id="event-until" label="Last date" error={errors.until}>
          <input
            {...describedBy("event-until", errors.until)}
            className={inputClass}
            type="date"
            value={v.until}
            onChange={(e) => set("until", e.target.value)}
          />
        </Field>
      ) : null}
      {v.ends === "count" ? (
        <Field id="event-count" label="Number of times" error={errors.count}>
          <input
            {...describedBy("event-count", errors.count)}
            className={inputClass}
            type="number"
            min={1}
            max={1000}
            value={v.count}
            onChange={(e) => set("count", e.target.value)}
          />
        </Field>
      ) : null}
    </fieldset>
  );
}
