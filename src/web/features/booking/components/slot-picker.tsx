import { useMemo, useState } from "react";
import { dayLabel, timeLabel, weekdayLabel } from "../../../lib/date-label.ts";
import { userLocale } from "../../../lib/user-locale.ts";
import { type Slot, slotsByDay } from "../lib/slot-days.ts";

/**
 * The week's offered times in the guest's zone: a row of days, then the chosen day's times
 * (a toggle button each, so a screen reader hears which one is picked). One day at a time
 * keeps a phone's page short: a link open all day offers dozens of times. Earlier / next
 * week page through the link.
 */
export function SlotPicker(props: {
  slots: Slot[];
  zone: string;
  picked: string | null;
  onPick: (start: string) => void;
  week: number;
  lastWeek: number;
  onWeek: (week: number) => void;
}) {
  const days = useMemo(() => slotsByDay(props.slots, props.zone), [props.slots, props.zone]);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = days.find((d) => d.date === chosen) ?? days[0];
  const where = { zone: props.zone };
  return (
    <section aria-labelledby="times-heading">
      <h2 id="times-heading" className="text-lg font-semibold text-stone-900">
        Pick a time
      </h2>
      {!day ? (
        <p className="mt-2 text-stone-700">
          No free times {props.week === 0 ? "in the next 7 days" : "in these 7 days"}.
          {props.week < props.lastWeek ? " Try the next week." : ""}
        </p>
      ) : (
        <>
          <ul aria-label="Days" className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-8">
            {days.map((d) => {
              const on = d.date === day.date;
              return (
                <li key={d.date}>
                  <button
                    type="button"
                    aria-pressed={on}
                    aria-label={`${dayLabel(d.date, { style: "long" })}, ${d.slots.length} ${
                      d.slots.length === 1 ? "time" : "times"
                    }`}
                    onClick={() => setChosen(d.date)}
                    className={`flex min-h-16 w-full flex-col items-center justify-center rounded-lg border px-1 text-sm ${
                      on
                        ? "border-sage-800 bg-sage-800 text-white"
                        : "border-stone-300 bg-white text-stone-900 hover:border-sage-700 hover:bg-sage-50"
                    }`}
                  >
                    <span className="font-semibold">
                      {weekdayLabel(noon(d.date), UTC, "short")}
                    </span>
                    <span>{monthDay(d.date)}</span>
                    <span className={`text-xs ${on ? "text-sage-100" : "text-stone-600"}`}>
                      {d.slots.length} {d.slots.length === 1 ? "time" : "times"}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <h3 className="mt-5 text-sm font-semibold text-stone-800">
            {dayLabel(day.date, { style: "long" })}
          </h3>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
            {day.slots.map((slot) => {
              const on = props.picked === slot.start;
              return (
                <li key={slot.start}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => props.onPick(slot.start)}
                    className={`min-h-11 w-full whitespace-nowrap rounded-lg border px-2 text-sm font-medium ${
                      on
                        ? "border-sage-800 bg-sage-800 text-white"
                        : "border-stone-300 bg-white text-stone-900 hover:border-sage-700 hover:bg-sage-50"
                    }`}
                  >
                    {timeLabel(new Date(slot.start), where)}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="mt-5 flex justify-between gap-2">
        <button
          type="button"
          disabled={props.week === 0}
          onClick={() => {
            setChosen(null);
            props.onWeek(props.week - 1);
          }}
          className={weekButton}
        >
          ← Earlier
        </button>
        <button
          type="button"
          disabled={props.week >= props.lastWeek}
          onClick={() => {
            setChosen(null);
            props.onWeek(props.week + 1);
          }}
          className={weekButton}
        >
          Next week →
        </button>
      </div>
    </section>
  );
}

// a calendar date ("2026-11-26") written in UTC is that date whatever the guest's zone
const UTC = { zone: "UTC" };
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
/** "Nov 26" / "26 Nov". */
const monthDay = (date: string) =>
  new Intl.DateTimeFormat(userLocale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(
    noon(date),
  );

const weekButton =
  "rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:invisible";
