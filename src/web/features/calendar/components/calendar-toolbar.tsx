import { VIEW_LABEL, type View } from "../lib/calendar-address.ts";

export const TOOL =
  "rounded-lg border border-stone-300 bg-white px-2.5 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100";

type Props = {
  wide: boolean;
  view: View;
  /** The date the view is anchored on ("2026-11-26"), and the shown days as words. */
  anchor: string;
  range: string;
  today: string;
  onView: (view: View) => void;
  onDate: (date: string) => void;
  onStep: (direction: -1 | 1) => void;
  onAdd: () => void;
};

/**
 * The calendar's header: on a wide screen one row of the dates, Today, ‹ ›, a date picker, the
 * views and "Add event"; on a phone one compact row — ‹ the dates (tap to pick a day) ›, the
 * views and "+" — so the grid keeps the screen (issue 32, item 2).
 */
export function CalendarToolbar(p: Props) {
  const previous = (
    <button type="button" className={TOOL} aria-label="Previous" onClick={() => p.onStep(-1)}>
      ‹
    </button>
  );
  const next = (
    <button type="button" className={TOOL} aria-label="Next" onClick={() => p.onStep(1)}>
      ›
    </button>
  );
  const views = p.wide ? (["week", "day", "list"] as const) : (["day", "3day", "list"] as const);
  const viewSwitch = (
    <fieldset className="flex shrink-0 rounded-lg border border-stone-300 p-0.5">
      <legend className="sr-only">View</legend>
      {views.map((v) => (
        <label
          key={v}
          className="cursor-pointer rounded-md px-2 py-1 text-sm font-semibold text-stone-700 has-checked:bg-sage-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-sage-500"
        >
          <input
            type="radio"
            name="calendar-view"
            className="sr-only"
            checked={p.view === v}
            onChange={() => p.onView(v)}
          />
          {p.wide || v !== "3day" ? (
            VIEW_LABEL[v]
          ) : (
            // the phone's one header row: "3d" on screen, "3 days" to a screen reader
            <>
              <span aria-hidden="true">3d</span>
              <span className="sr-only">{VIEW_LABEL[v]}</span>
            </>
          )}
        </label>
      ))}
    </fieldset>
  );
  const jump = (e: React.ChangeEvent<HTMLInputElement>) => {
    if (e.target.value) p.onDate(e.target.value);
  };

  if (p.wide)
    return (
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 bg-white px-3 py-2">
        <h2 id="calendar-title" className="mr-auto text-base font-bold text-stone-900">
          {p.range}
        </h2>
        <div className="flex items-center gap-1">
          <button type="button" className={TOOL} onClick={() => p.onDate(p.today)}>
            Today
          </button>
          {previous}
          {next}
          <label className="sr-only" htmlFor="calendar-jump">
            Go to date
          </label>
          <input
            id="calendar-jump"
            type="date"
            className="rounded-lg border border-stone-300 px-1.5 py-1 text-sm"
            value={p.anchor}
            onChange={jump}
          />
        </div>
        {viewSwitch}
        <button
          type="button"
          className="rounded-lg bg-sage-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sage-800"
          onClick={p.onAdd}
        >
          Add event
        </button>
      </div>
    );

  return (
    <div className="flex items-center gap-1 border-b border-stone-200 bg-white px-2 py-1.5">
      {previous}
      <div className="relative min-w-0 flex-1">
        <h2 id="calendar-title" className="truncate text-center text-sm font-bold text-stone-900">
          {p.range}
        </h2>
        <label className="sr-only" htmlFor="calendar-jump">
          Go to date
        </label>
        <input
          id="calendar-jump"
          type="date"
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          value={p.anchor}
          onClick={(e) => e.currentTarget.showPicker?.()}
          onChange={jump}
        />
      </div>
      {next}
      {viewSwitch}
      <button
        type="button"
        aria-label="Add event"
        className="rounded-lg bg-sage-700 px-2.5 py-1 text-sm font-bold text-white hover:bg-sage-800"
        onClick={p.onAdd}
      >
        +
      </button>
    </div>
  );
}
