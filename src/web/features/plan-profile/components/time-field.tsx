import { useId } from "react";
import { fromTimeValue, toTimeValue } from "../lib/field-errors.ts";

export const inputClass =
  "rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 focus:border-sage-600 focus:outline-none focus:ring-2 focus:ring-sage-600/30";

/** A labelled <input type="time"> over minutes from midnight. */
export function TimeField({
  label,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  label: string;
  value: number;
  onChange: (minutes: number) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <span className="inline-flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-stone-600">
        {label}
      </label>
      <input
        id={id}
        type="time"
        step={300}
        className={inputClass}
        value={toTimeValue(value)}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => {
          const minutes = fromTimeValue(e.target.value);
          if (minutes !== null) onChange(minutes);
        }}
      />
    </span>
  );
}

/** A field's error from the server, read out with the field it belongs to. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
