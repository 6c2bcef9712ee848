import type { PlanProfile, WeekdayKey } from "../../../../core/contract/plan-profile.ts";
import { FieldError, TimeField } from "./time-field.tsx";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

type Props = {
  profile: PlanProfile;
  onChange: (next: PlanProfile) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

/** Working days, the usual hours, and any day's own hours. */
export function DaysAndHours({ profile, onChange, errors, disabled }: Props) {
  const toggleDay = (day: number, on: boolean) => {
    const workingDays = on
      ? [...profile.workingDays, day].sort((a, b) => a - b)
      : profile.workingDays.filter((d) => d !== day);
    const dayHours = { ...profile.dayHours };
    if (!on) delete dayHours[String(day) as WeekdayKey];
    onChange({ ...profile, workingDays, dayHours });
  };
  const setOwnHours = (day: number, own: boolean) => {
    const dayHours = { ...profile.dayHours };
    if (own) dayHours[String(day) as WeekdayKey] = { ...profile.workingHours };
    else delete dayHours[String(day) as WeekdayKey];
    onChange({ ...profile, dayHours });
  };
  return (
    <>
      <fieldset aria-describedby={errors.workingDays ? "err-workingDays" : undefined}>
        <legend className="text-base font-semibold text-stone-900">Working days</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {DAYS.map((name, i) => {
            const day = i + 1;
            const on = profile.workingDays.includes(day);
            return (
              <label
                key={name}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${on ? "border-sage-600 bg-sage-50 font-semibold text-stone-900" : "border-stone-300 bg-white text-stone-700"}`}
              >
                <input
                  type="checkbox"
                  checked={on}
                  disabled={disabled}
                  onChange={(e) => toggleDay(day, e.target.checked)}
                />
                {name}
              </label>
            );
          })}
        </div>
        <FieldError id="err-workingDays" message={errors.workingDays} />
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-base font-semibold text-stone-900">Working hours</legend>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <TimeField
            label="Usual start"
            value={profile.workingHours.start}
            disabled={disabled}
            describedBy={errors.workingHours ? "err-workingHours" : undefined}
            onChange={(start) =>
              onChange({ ...profile, workingHours: { ...profile.workingHours, start } })
            }
          />
          <TimeField
            label="Usual end"
            value={profile.workingHours.end}
            disabled={disabled}
            describedBy={errors.workingHours ? "err-workingHours" : undefined}
            onChange={(end) =>
              onChange({ ...profile, workingHours: { ...profile.workingHours, end } })
            }
          />
        </div>
        <FieldError id="err-workingHours" message={errors.workingHours} />
        <ul className="mt-4 space-y-2">
          {profile.workingDays.map((day) => {
            const key = String(day) as WeekdayKey;
            const own = profile.dayHours[key];
            const name = DAYS[day - 1]!;
            return (
              <li key={day} className="flex flex-wrap items-end gap-3 rounded-lg bg-stone-50 p-2">
                <label className="flex min-w-[11rem] items-center gap-2 self-center text-sm text-stone-800">
                  <input
                    type="checkbox"
                    checked={Boolean(own)}
                    disabled={disabled}
                    onChange={(e) => setOwnHours(day, e.target.checked)}
                  />
                  {name}: its own hours
                </label>
                {own ? (
                  <>
                    <TimeField
                      label={`${name} start`}
                      value={own.start}
                      disabled={disabled}
                      onChange={(start) =>
                        onChange({
                          ...profile,
                          dayHours: { ...profile.dayHours, [key]: { ...own, start } },
                        })
                      }
                    />
                    <TimeField
                      label={`${name} end`}
                      value={own.end}
                      disabled={disabled}
                      onChange={(end) =>
                        onChange({
                          ...profile,
                          dayHours: { ...profile.dayHours, [key]: { ...own, end } },
                        })
                      }
                    />
                  </>
                ) : null}
                <FieldError id={`err-dayHours-${day}`} message={errors[`dayHours.${day}`]} />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </>
  );
}
