import type { CalendarTab } from "../lib/calendar-screen-state.ts";

const LABEL: Record<CalendarTab, string> = {
  calendar: "Calendar",
  tasks: "Tasks & plan",
  calendars: "Calendars & feed",
};

export const tabId = (prefix: string, tab: CalendarTab) => `${prefix}-tab-${tab}`;
export const panelId = (prefix: string) => `${prefix}-panel`;

/**
 * The tabs of /calendar: on a phone the grid, the tasks and the connected calendars with the
 * feed take turns on the screen; on a wide screen the side column holds the last two. Only the
 * chosen tab's panel is drawn, so only it names the panel it controls.
 */
export function CalendarTabs(p: {
  label: string;
  prefix: string;
  tabs: readonly CalendarTab[];
  selected: CalendarTab;
  onSelect: (tab: CalendarTab) => void;
}) {
  return (
    <div role="tablist" aria-label={p.label} className="flex border-b border-stone-200 bg-white">
      {p.tabs.map((t) => (
        <button
          key={t}
          id={tabId(p.prefix, t)}
          type="button"
          role="tab"
          aria-selected={p.selected === t}
          aria-controls={p.selected === t ? panelId(p.prefix) : undefined}
          className="flex-1 whitespace-nowrap px-1 py-2 text-xs font-semibold sm:text-sm text-stone-700 aria-selected:border-b-2 aria-selected:border-sage-700 aria-selected:text-sage-900"
          onClick={() => p.onSelect(t)}
        >
          {LABEL[t]}
        </button>
      ))}
    </div>
  );
}
