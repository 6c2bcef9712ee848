import { DateTime } from "luxon";
import { type FormEvent, useId, useState } from "react";
import {
  type CheckInOutcome,
  checkInBegun,
  type TodayItem,
} from "../../../../core/contract/today.ts";
import { Button } from "../../../components/button.tsx";
import { checkInText, timeRange, tookAsked } from "../lib/today-text.ts";
import { CheckInButtons, CheckInNoted } from "./check-in-buttons.tsx";
import { PartlyForm } from "./partly-form.tsx";

type Props = {
  item: TodayItem;
  zone: string;
  now: Date;
  online: boolean;
  busy: boolean;
  onCheckIn: (outcome: CheckInOutcome, minutes?: number) => void;
  onMove: (start: Date) => void;
  /** The block is asked about elsewhere (the evening wrap-up): no buttons here. */
  askedElsewhere?: boolean;
  /** What else of the day shares its time ("Overlaps “Call mom” (20:00 – 20:30).") */
  overlap?: string | undefined;
};

const MINUTE = 60_000;
const small = "px-3! py-1.5!";

/**
 * One block of the day, with what the person can say about it: Done, Partly (how many
 * minutes), Skip — or Move it to another time today. A block not yet begun asks only what can
 * be said ahead of it: done already, skip, move. A block already checked in says how, with
 * Change to say otherwise.
 */
export function BlockRow({
  item,
  zone,
  now,
  online,
  busy,
  onCheckIn,
  onMove,
  askedElsewhere,
  overlap,
}: Props) {
  const [mode, setMode] = useState<"idle" | "partly" | "took" | "move" | "change">("idle");
  const id = useId();
  const length = Math.round((Date.parse(item.end) - Date.parse(item.start)) / MINUTE);
  const disabled = !online || busy;
  const start = DateTime.fromISO(item.start, { zone });
  const [time, setTime] = useState(start.toFormat("HH:mm"));

  function submitMove(event: FormEvent) {
    event.preventDefault();
    const [h, m] = time.split(":").map(Number);
    if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return;
    onMove(start.set({ hour: h, minute: m, second: 0, millisecond: 0 }).toJSDate());
    setMode("idle");
  }

  const asking = !item.checkIn || mode === "change";
  const begun = checkInBegun(Date.parse(item.start), now.getTime());
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-stone-900">{item.title}</p>
        <p className="text-sm text-stone-700">
          {timeRange(item, zone)} · {length} min
        </p>
      </div>
      {item.why ? <p className="-mt-1 text-sm text-stone-700">{item.why}</p> : null}
      {overlap ? <p className="text-sm font-medium text-amber-900">{overlap}</p> : null}
      {item.checkIn && mode !== "change" && mode !== "took" ? (
        <CheckInNoted
          text={checkInText(item.checkIn)}
          title={item.title}
          disabled={disabled}
          onChange={() => setMode("change")}
          onTook={tookAsked(item.checkIn, item.taskId) ? () => setMode("took") : undefined}
        />
      ) : null}
      {asking && !askedElsewhere && mode !== "partly" && mode !== "move" ? (
        <CheckInButtons
          title={item.title}
          disabled={disabled}
          begun={begun}
          onDone={() => onCheckIn("done")}
          onPartly={() => setMode("partly")}
          onSkip={() => onCheckIn("skipped")}
        >
          {/* one occurrence of a repeating block is moved in the week view, which asks which */}
          {item.occurrence === null ? (
            <Button
              variant="secondary"
              className={small}
              disabled={disabled}
              onClick={() => setMode("move")}
            >
              Move
            </Button>
          ) : null}
        </CheckInButtons>
      ) : null}
      {mode === "partly" || mode === "took" ? (
        <PartlyForm
          plannedMinutes={length}
          took={mode === "took"}
          disabled={disabled}
          onSave={(n) => {
            onCheckIn(mode === "took" ? "done" : "partly", n);
            setMode("idle");
          }}
          onCancel={() => setMode("idle")}
        />
      ) : null}
      {mode === "move" ? (
        <form onSubmit={submitMove} className="flex flex-wrap items-end gap-2">
          <label htmlFor={`${id}-time`} className="flex flex-col gap-1 text-sm font-medium">
            New start time
            <input
              id={`${id}-time`}
              type="time"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
              className="rounded-lg border border-stone-300 px-3 py-1.5 text-base"
            />
          </label>
          <Button type="submit" className={small} disabled={disabled}>
            Move here
          </Button>
          <Button variant="ghost" className={small} onClick={() => setMode("idle")}>
            Cancel
          </Button>
        </form>
      ) : null}
    </div>
  );
}
