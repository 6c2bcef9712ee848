import { DateTime } from "luxon";
import { useEffect, useRef, useState } from "react";
import type { TodayItem, TodayResponse } from "../../../../core/contract/today.ts";
import { Button } from "../../../components/button.tsx";
import { ProgressBar } from "../../../components/progress-bar.tsx";
import { ApiError } from "../../../lib/api.ts";
import { Link } from "../../../lib/router.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { useOnline } from "../../../lib/use-online.ts";
import {
  useCheckIn,
  useMarkTodaySeen,
  useMoveBlock,
  usePlanWeek,
  useToday,
} from "../api/use-today.ts";
import {
  carriedOverText,
  dayHeading,
  isEvening,
  leftToday,
  loadNote,
  loadSentence,
  overlapNote,
  skippedAheadText,
  timeRange,
} from "../lib/today-text.ts";
import { BlockRow } from "./block-row.tsx";

const section = "rounded-2xl border border-stone-200 bg-white p-4";
const heading = "text-sm font-bold uppercase tracking-wide text-stone-700";

/** The words a person reads when a change did not go through: what to do, never a code. */
function problem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404)
    return "That block is no longer in your plan — the day has been read again.";
  if (error instanceof ApiError && error.status === 409)
    return "That block changed elsewhere a moment ago — the day has been read again; try once more.";
  if (error instanceof ApiError) return error.message;
  return "Sage could not be reached just now. Try again in a moment.";
}

/**
 * Today: the day in order, its load, what moved since the person last looked, what carried
 * over from yesterday — and, per block, Done / Partly / Skip / Move. In the evening a
 * wrap-up asks about what is left. Online only (the day is the server's plan).
 */
export function TodayScreen({ userId, date }: { userId: string; date?: string | undefined }) {
  const online = useOnline();
  const now = useNow();
  const today = useToday(userId, online, date);
  const checkIn = useCheckIn(userId);
  const move = useMoveBlock(userId);
  const plan = usePlanWeek(userId);
  const { mutate: markSeen } = useMarkTodaySeen();
  // what moved is shown for this visit as first read; it is marked seen once shown
  const [moved, setMoved] = useState<TodayResponse["moved"] | null>(null);
  const marked = useRef(false);
  // a block skipped before it began leaves the day: say where it went, as its row cannot
  const [letGo, setLetGo] = useState<string | null>(null);
  useEffect(() => {
    // the answer read for this visit, not one kept from an earlier visit
    if (!today.data || !today.isFetchedAfterMount || marked.current) return;
    marked.current = true;
    setMoved(today.data.moved);
    if (today.data.moved.length > 0) markSeen(today.data.asOf);
  }, [today.data, today.isFetchedAfterMount, markSeen]);

  if (!online && !today.data)
    return (
      <p className="rounded-xl bg-amber-50 p-4 text-amber-900">
        You're offline. Today shows your day as Sage plans it, so it opens when you're back online;
        the{" "}
        <Link to="/calendar" className="font-semibold underline">
          week view
        </Link>{" "}
        works offline.
      </p>
    );
  if (today.isPending) return <p role="status">Reading your day…</p>;
  if (today.isError || !today.data)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        Your day could not be read just now. {problem(today.error)}
      </p>
    );

  const day = today.data;
  const zone = day.timezone;
  const evening = isEvening(now, day.items, zone);
  const left = evening ? leftToday(now, day.items) : [];
  const leftIds = new Set(left.map((i) => `${i.id}|${i.occurrence}`));
  const busy = checkIn.isPending || move.isPending || plan.isPending;
  const error = checkIn.error ?? move.error ?? plan.error;
  const waiting = day.carriedOver.some((c) => !c.plannedAgain);

  const row = (item: TodayItem, inWrapUp: boolean) => (
    <BlockRow
      item={item}
      zone={zone}
      now={now}
      online={online}
      busy={busy}
      askedElsewhere={!inWrapUp && leftIds.has(`${item.id}|${item.occurrence}`)}
      overlap={overlapNote(item, day.items, zone)}
      onCheckIn={(outcome, minutes) => {
        setLetGo(null);
        checkIn.mutate(
          {
            eventId: item.id,
            ...(item.occurrence ? { occurrence: item.occurrence } : {}),
            outcome,
            ...(minutes !== undefined ? { minutes } : {}),
          },
          {
            onSuccess: (answer) => {
              if (answer.leftCalendar) setLetGo(skippedAheadText(item));
            },
          },
        );
      }}
      onMove={(start) => {
        setLetGo(null);
        move.mutate({ item, start });
      }}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 className="text-2xl font-bold text-stone-900">{dayHeading(day.date)}</h2>
          {date && date !== DateTime.fromJSDate(now, { zone }).toISODate() ? (
            <Link to="/today" className="text-sm font-semibold text-sage-800 underline">
              Back to today
            </Link>
          ) : null}
        </div>
        <div className="mt-3 flex flex-col gap-1.5">
          <p className="text-sm font-medium text-stone-800">{loadSentence(day.load)}</p>
          <ProgressBar
            label="Planned today against your usual day"
            value={Math.min(day.load.plannedMinutes, day.load.capacityMinutes)}
            max={Math.max(1, day.load.capacityMinutes)}
            valueText={loadSentence(day.load)}
          />
          {loadNote(day) ? <p className="text-sm text-stone-700">{loadNote(day)}</p> : null}
        </div>
        {/* always there (and empty takes no room), so a screen reader hears what is put in it */}
        <div role="status">
          {letGo ? (
            <p className="mt-3 rounded-lg bg-sage-50 px-3 py-2 text-sm text-sage-900">
              {letGo}{" "}
              <Link to="/calendar" className="font-semibold underline">
                See your week
              </Link>
            </p>
          ) : null}
        </div>
      </div>

      {!online ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You're offline: this is your day as last read. Check-ins wait until you're back online.
        </p>
      ) : null}
      {day.notice ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{day.notice}</p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem(error)}
        </p>
      ) : null}

      {moved && moved.length > 0 ? (
        <section aria-labelledby="today-moved" className={section}>
          <h2 id="today-moved" className={heading}>
            Since you last looked
          </h2>
          <ul className="mt-2 flex flex-col gap-1.5 text-sm text-stone-800">
            {moved.map((m) => (
              <li key={m.id}>{m.text}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {day.carriedOver.length > 0 ? (
        <section aria-labelledby="today-carried" className={section}>
          <h2 id="today-carried" className={heading}>
            Carried over from yesterday
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            Unfinished work simply moves forward — nothing to catch up on.
          </p>
          <ul className="mt-2 flex flex-col gap-1.5 text-sm text-stone-800">
            {day.carriedOver.map((c) => (
              <li key={c.taskId}>{carriedOverText(c, zone)}</li>
            ))}
          </ul>
          {waiting ? (
            <Button
              variant="secondary"
              className="mt-3 px-3! py-1.5!"
              disabled={!online || busy}
              onClick={() => plan.mutate()}
            >
              {plan.isPending ? "Finding times…" : "Find new times"}
            </Button>
          ) : null}
        </section>
      ) : null}

      {evening && left.length > 0 ? (
        <section aria-labelledby="today-wrap-up" className={section}>
          <h2 id="today-wrap-up" className={heading}>
            Evening wrap-up
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            How did the rest of today go? Whatever is left is simply planned again.
          </p>
          <ul className="mt-2 flex flex-col divide-y divide-stone-100">
            {left.map((item) => (
              <li key={`${item.id}|${item.occurrence ?? ""}`} className="py-3">
                {row(item, true)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="today-day" className={section}>
        <h2 id="today-day" className={heading}>
          Your day
        </h2>
        {day.items.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">
            Nothing on your calendar today. Add tasks and press Plan my week in the{" "}
            <Link to="/calendar" className="font-semibold text-sage-800 underline">
              week view
            </Link>
            .
          </p>
        ) : (
          <ol className="mt-2 flex flex-col divide-y divide-stone-100">
            {day.items.map((item) => (
              <li key={`${item.id}|${item.occurrence ?? ""}|${item.start}`} className="py-3">
                {item.kind === "block" ? (
                  row(item, false)
                ) : (
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="text-stone-900">{item.title}</p>
                    <p className="text-sm text-stone-700">
                      {timeRange(item, zone)}
                      {item.from === "connected" ? " · from your calendar" : ""}
                    </p>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
