import { useId } from "react";
import {
  type EnergyWindowMinutes,
  PLAN_PROFILE_LIMITS,
  type PlanProfile,
} from "../../../../core/contract/plan-profile.ts";
import { Button } from "../../../components/button.tsx";
import { FieldError, inputClass, TimeField } from "./time-field.tsx";

const LEVELS = [
  { value: "peak", label: "Peak — hardest work" },
  { value: "good", label: "Good" },
  { value: "low", label: "Low — light tasks" },
] as const;

type Props = {
  profile: PlanProfile;
  onChange: (next: PlanProfile) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

/** Peak / good / low windows: a row each, added and removed. */
export function EnergyWindows({ profile, onChange, errors, disabled }: Props) {
  const set = (i: number, w: EnergyWindowMinutes) =>
    onChange({ ...profile, energyWindows: profile.energyWindows.map((x, j) => (j === i ? w : x)) });
  const add = () => {
    const last = profile.energyWindows.at(-1);
    const start = Math.min(last ? last.end : profile.workingHours.start, 1380);
    onChange({
      ...profile,
      energyWindows: [
        ...profile.energyWindows,
        { start, end: Math.min(start + 60, 1440), level: "good" },
      ],
    });
  };
  return (
    <fieldset className="mt-6" aria-describedby="windows-help">
      <legend className="text-base font-semibold text-stone-900">Energy through the day</legend>
      <p id="windows-help" className="mt-1 text-sm text-stone-600">
        Hours outside every window count as good. A peak must fall inside your working hours.
      </p>
      <FieldError id="err-energyWindows" message={errors.energyWindows} />
      <ul className="mt-2 space-y-2">
        {profile.energyWindows.map((w, i) => (
          <WindowRow
            // windows have no id; their place in the list is what the server names
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the window's identity here
            key={i}
            index={i}
            window={w}
            error={errors[`energyWindows.${i}`]}
            disabled={disabled}
            onChange={(next) => set(i, next)}
            onRemove={() =>
              onChange({
                ...profile,
                energyWindows: profile.energyWindows.filter((_, j) => j !== i),
              })
            }
          />
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-2"
        disabled={disabled || profile.energyWindows.length >= PLAN_PROFILE_LIMITS.energyWindows}
        onClick={add}
      >
        Add a window
      </Button>
    </fieldset>
  );
}

function WindowRow(p: {
  index: number;
  window: EnergyWindowMinutes;
  error: string | undefined;
  disabled: boolean;
  onChange: (w: EnergyWindowMinutes) => void;
  onRemove: () => void;
}) {
  const levelId = useId();
  const errorId = `err-window-${p.index}`;
  const n = p.index + 1;
  return (
    <li className="flex flex-wrap items-end gap-3 rounded-lg bg-stone-50 p-2">
      <span className="inline-flex flex-col gap-1">
        <label htmlFor={levelId} className="text-xs font-medium text-stone-600">
          Window {n} energy
        </label>
        <select
          id={levelId}
          className={inputClass}
          value={p.window.level}
          disabled={p.disabled}
          aria-describedby={p.error ? errorId : undefined}
          onChange={(e) =>
            p.onChange({ ...p.window, level: e.target.value as EnergyWindowMinutes["level"] })
          }
        >
          {LEVELS.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </span>
      <TimeField
        label={`Window ${n} from`}
        value={p.window.start}
        disabled={p.disabled}
        describedBy={p.error ? errorId : undefined}
        onChange={(start) => p.onChange({ ...p.window, start })}
      />
      <TimeField
        label={`Window ${n} to`}
        value={p.window.end}
        disabled={p.disabled}
        describedBy={p.error ? errorId : undefined}
        onChange={(end) => p.onChange({ ...p.window, end })}
      />
      <Button
        variant="ghost"
        disabled={p.disabled}
        onClick={p.onRemove}
        aria-label={`Remove window ${n}`}
      >
        Remove
      </Button>
      <div className="basis-full">
        <FieldError id={errorId} message={p.error} />
      </div>
    </li>
  );
}
