import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";

const small = "px-3! py-1.5!";

/** "Partly": how many minutes of a block were done (half of it to start with), then Save. */
export function PartlyForm({
  plannedMinutes,
  disabled,
  onSave,
  onCancel,
}: {
  plannedMinutes: number;
  disabled: boolean;
  onSave: (minutes: number) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [minutes, setMinutes] = useState(String(Math.max(1, Math.round(plannedMinutes / 2))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(minutes);
    if (Number.isInteger(n) && n >= 1) onSave(n);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label htmlFor={`${id}-minutes`} className="flex flex-col gap-1 text-sm font-medium">
        Minutes done
        <input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          min={1}
          max={24 * 60}
          required
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className="w-28 rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-base"
        />
      </label>
      <Button type="submit" className={small} disabled={disabled}>
        Save
      </Button>
      <Button variant="ghost" className={small} onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
