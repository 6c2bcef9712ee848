import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";

const small = "px-3! py-1.5!";

/**
 * Minutes of a block, then Save: "Partly" asks how many were done (half of it to start with);
 * after "Done", `took` asks how long the task really took (the block's length to start with)
 * — the real durations Sage learns estimates from (issue 27).
 */
export function PartlyForm({
  plannedMinutes,
  took = false,
  disabled,
  onSave,
  onCancel,
}: {
  plannedMinutes: number;
  took?: boolean;
  disabled: boolean;
  onSave: (minutes: number) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [minutes, setMinutes] = useState(
    String(Math.max(1, took ? plannedMinutes : Math.round(plannedMinutes / 2))),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(minutes);
    if (Number.isInteger(n) && n >= 1) onSave(n);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label htmlFor={`${id}-minutes`} className="flex flex-col gap-1 text-sm font-medium">
        {took ? "Minutes it took" : "Minutes done"}
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
