import { useQuery } from "@tanstack/react-query";
import { DateTime } from "luxon";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { EventDraft, LocalEvent } from "../../../../core/calendar/local-event.ts";
import { draftOf, fromServerEvent, localSeries } from "../../../../core/calendar/local-event.ts";
import { dayDelta, occurrencesBefore, shiftByDay } from "../../../../core/calendar/occurrences.ts";
import type { Scope, ServerEvent } from "../../../../core/contract/calendar.ts";
import { serverSaid } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";
import { useSearchParams } from "../../../lib/router.tsx";
import { planProfileQuery, queryKeys } from "../../../lib/server-state.ts";
import { userLocale } from "../../../lib/user-locale.ts";
import { BlockCheckIn } from "../../today/components/block-check-in.tsx";
import { useConnectedEvents } from "../api/use-connections.ts";
import { usePlanNotes, useSettlePlanNote } from "../api/use-plan-notes.ts";
import { PLAN_DAYS } from "../api/use-plan-week.ts";
import { browserZone, useSyncTimezone } from "../api/use-sync-timezone.ts";
import { useTasks } from "../api/use-tasks.ts";
import { withSession } from "../api/with-session.ts";
import { useCalendarSync } from "../hooks/use-calendar-sync.ts";
import { agenda } from "../lib/agenda.ts";
import { calendarAddress, VIEW_DAYS, type View } from "../lib/calendar-address.ts";
import {
  calendarScreenReducer,
  initialCalendarScreen,
  type Pending,
  plannedMessage,
  tabFromAddress,
} from "../lib/calendar-screen-state.ts";
import { formatDaySpan } from "../lib/describe-task.ts";
import { proposedEvents } from "../lib/proposed-events.ts";
import {
  daysFrom,
  type GridItem,
  isSageBlock,
  itemLabel,
  layoutDays,
  type PlannedWindows,
  weekStart,
} from "../lib/week-layout.ts";
import { Legend } from "./calendar-legend.tsx";
import { CalendarTabs, panelId, tabId } from "./calendar-tabs.tsx";
import { CalendarToolbar, TOOL } from "./calendar-toolbar.tsx";
import { ConnectedCalendarsCard } from "./connected-calendars-card.tsx";
import { DeleteEventDialog } from "./delete-event-dialog.tsx";
import { EventDialog } from "./event-dialog.tsx";
import { EventList } from "./event-list.tsx";
import { PlanNotes } from "./plan-notes.tsx";
import { RoutinesSection } from "./routines-section.tsx";
import { ScopeDialog } from "./scope-dialog.tsx";
import { SubscribeCard } from "./subscribe-card.tsx";
import { SyncStatus } from "./sync-status.tsx";
import { TasksSection } from "./tasks-section.tsx";
import { type Done, UndoToast } from "./undo-toast.tsx";
import { WeekGrid } from "./week-grid.tsx";

const WIDE = "(min-width: 1024px)";

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const m = window.matchMedia(WIDE);
    const on = () => setWide(m.matches);
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, []);
  return wide;
}

/**
 * The hours Sage plans with (GET /api/insights): learned ones shade the grid instead of the
 * stated ones once Sage has learned them (issue 27).
 */
function usePlannedWindows(online: boolean) {
  return useQuery({
    queryKey: queryKeys.insights,
    queryFn: () => withSession(() => call("getInsights")),
    select: (r): PlannedWindows => ({ windows: r.hours.windows, dayWindows: r.hours.dayWindows }),
    enabled: online,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** "How you work" (null until the person has one of their own), for the grid's shading. */
function useSchedulingProfile(online: boolean) {
  return useQuery({
    ...planProfileQuery,
    queryFn: () => withSession(planProfileQuery.queryFn),
    select: (r) => (r.source === "default" ? null : r.profile),
    enabled: online,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The connected calendars' occurrences in the days shown (read only, in their calendar's
 * colour): the server lists them only for a range, and they are not part of the offline copy.
 */
function useWeekConnectedEvents(userId: string, online: boolean, days: string[], zone: string) {
  const from = DateTime.fromISO(days[0]!, { zone }).toUTC().toISO()!;
  const to = DateTime.fromISO(days[days.length - 1]!, { zone })
    .plus({ days: 1 })
    .toUTC()
    .toISO()!;
  return useConnectedEvents(userId, online, { from, to }, asReadOnly);
}

const asReadOnly = (events: ServerEvent[]) =>
  events.map((e) => ({ ...fromServerEvent(e), readOnly: true, color: e.color ?? undefined }));

/** The event's content with new times (what a drag or a key move changes). */
function moved(e: LocalEvent, start: Date, end: Date): EventDraft {
  return { ...draftOf(e), startTime: start.toISOString(), endTime: end.toISOString() };
}

/**
 * The calendar screen (/calendar): the week as time — the person's events, Sage's planned
 * blocks and connected calendars' events over the profile's working, peak and dip hours —
 * with drag, resize and create, the tasks and "Plan my week" beside it (a tab on phones),
 * and the agenda as the List view. Every change goes through the same offline-first
 * local copy and queue as the panel.
 */
export function CalendarScreen({ userId }: { userId: string }) {
  const { state, engine } = useCalendarSync(userId);
  useSyncTimezone(state.online);
  const zone = useMemo(browserZone, []);
  const wide = useWide();
  const [params, setParams] = useSearchParams();
  const [ui, dispatch] = useReducer(calendarScreenReducer, params, (p) =>
    initialCalendarScreen({ now: new Date(), tab: tabFromAddress(p) }),
  );
  const { tab, now, message, dialog, pending, plan, undoable, proposal, undoing, deleting } = ui;
  const setMessage = (m: string) => dispatch({ type: "announce", message: m });
  // the last change made here, shown with Undo where it can be taken back (undo-toast.tsx)
  const [done, setDone] = useState<Done | null>(null);
  const doneCount = useRef(0);
  const tell = (text: string, undo?: () => void) => {
    setMessage(text);
    setDone({ id: ++doneCount.current, text, undo });
  };
  const closeDone = useCallback(() => setDone(null), []);
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  // the view and the date live in the address (/calendar?view=week&date=2026-12-01): a
  // reload or a shared link keeps them, and back/forward step through them
  const { view, anchor } = calendarAddress(params, { wide, today });
  const go = (next: { view?: View; date?: string }) =>
    setParams({ view: next.view ?? view, date: next.date ?? anchor });
  const setView = (v: View) => go({ view: v });
  const setAnchor = (date: string) => go({ date });
  const tasks = useTasks(userId, state.online);
  // a sync may have noticed a block the person removed in their calendar: asked again then
  const notes = usePlanNotes(userId, state.online, state.lastSyncedAt);
  const settleNote = useSettlePlanNote(userId, () => void engine.sync());
  const profile = useSchedulingProfile(state.online);
  const planned = usePlannedWindows(state.online);
  const shaded = useMemo(
    () => (profile.data ? { ...profile.data, planned: planned.data } : null),
    [profile.data, planned.data],
  );

  // a task added, changed or done: Sage re-plans within seconds, so the blocks are read again
  const tasksUpdatedAt = tasks.dataUpdatedAt;
  useEffect(() => {
    if (tasksUpdatedAt > 0) engine.refreshSoon();
  }, [tasksUpdatedAt, engine]);

  useEffect(() => {
    const t = setInterval(() => dispatch({ type: "tick", now: new Date() }), 60_000);
    return () => clearInterval(t);
  }, []);

  const count = VIEW_DAYS[view];
  const first = view === "week" ? weekStart(anchor) : anchor;
  const days = useMemo(() => daysFrom(first, count), [first, count]);
  const connected = useWeekConnectedEvents(userId, state.online, days, zone);
  const taskTitleOf = useMemo(
    () => new Map((tasks.data ?? []).map((t) => [t.id, t.title])),
    [tasks.data],
  );
  // a proposal's new blocks, drawn dashed until accepted (thrown-back ones are not drawn)
  const proposed = useMemo(
    () => (proposal ? proposedEvents(proposal.plan, proposal.thrown, taskTitleOf) : []),
    [proposal, taskTitleOf],
  );
  const grid = useMemo(
    () => layoutDays([...state.events, ...(connected.data ?? []), ...proposed], days, zone),
    [state.events, connected.data, proposed, days, zone],
  );
  const taskTitles = taskTitleOf;
  // the living plan reaches PLAN_DAYS ahead: a week past it shows only part of the plan, said
  const planReach = DateTime.fromISO(today).plus({ days: PLAN_DAYS }).toISODate()!;
  const pastReach =
    view !== "list" &&
    days.at(-1)! >= planReach &&
    state.events.some((e) => e.taskId || e.routineId);
  const taskEnergy = useMemo(
    () => new Map((tasks.data ?? []).map((t) => [t.id, t.energy])),
    [tasks.data],
  );
  const taskStatus = useMemo(
    () => new Map((tasks.data ?? []).map((t) => [t.id, t.status])),
    [tasks.data],
  );
  const highlight = useMemo(() => new Set(undoable?.changes.created ?? []), [undoable]);
  const announce = useCallback((m: string) => dispatch({ type: "announce", message: m }), []);

  const step = (direction: -1 | 1) => {
    const by = view === "week" ? 7 : view === "list" ? 14 : count;
    setAnchor(
      DateTime.fromISO(first)
        .plus({ days: direction * by })
        .toISODate()!,
    );
  };
  // a phone's header row has no room for the year of this year's days
  const thisYear =
    days[0]!.slice(0, 4) === today.slice(0, 4) && days.at(-1)!.slice(0, 4) === today.slice(0, 4);
  const range = formatDaySpan(days[0]!, days.at(-1)!, undefined, { year: wide || !thisYear });

  /**
   * Applies a change to an occurrence of a repeating event with the chosen scope, and says so
   * visibly (without Undo: a scoped change splits or excepts the series, which one step back
   * would not restore exactly — the person changes it again the same way).
   */
  const applyScoped = (p: Pending, scope: Scope) => {
    const { item } = p;
    const series = item.event;
    const which =
      scope === "this"
        ? "this occurrence of"
        : scope === "following"
          ? "this and following of"
          : "every";
    if (p.kind === "delete") {
      engine.removeOccurrence(item.seriesId!, item.occurrence!, scope);
      tell(`Deleted ${which} ${series.title}.`);
      return;
    }
    let draft = p.draft;
    if (scope === "this") draft = { ...draft, recurrence: undefined };
    else if (draft.recurrence) {
      // a drag to another weekday moves weekly weekdays along
      const shift = dayDelta(item.start, new Date(draft.startTime), zone);
      const byDay = shiftByDay(draft.recurrence.byDay ?? null, shift) ?? undefined;
      const count =
        scope === "following" && draft.recurrence.count
          ? Math.max(
              1,
              draft.recurrence.count -
                occurrencesBefore(localSeries(series), new Date(item.occurrence!), zone),
            )
          : draft.recurrence.count;
      draft = { ...draft, recurrence: { ...draft.recurrence, byDay, count } };
    }
    engine.editOccurrence(item.seriesId!, item.occurrence!, scope, draft);
    const moved = Date.parse(draft.startTime) !== item.start.getTime();
    tell(`${moved ? "Moved" : "Saved"} ${which} ${draft.title}.`);
  };

  const change = (item: GridItem, draft: EventDraft) => {
    if (item.readOnly) return;
    if (item.seriesId && item.occurrence) {
      dispatch({ type: "ask-scope", pending: { kind: "change", item, draft } });
      return;
    }
    const before = draftOf(item.event);
    engine.update(item.event.id, draft);
    const next = {
      ...item,
      start: new Date(draft.startTime),
      end: new Date(draft.endTime ?? draft.startTime),
    };
    const sameTime =
      draft.startTime === before.startTime && (draft.endTime ?? null) === (before.endTime ?? null);
    tell(
      sameTime
        ? `Saved ${draft.title}.`
        : `Moved: ${itemLabel(next, zone)}${item.kind === "sage" ? ". It is yours now; Sage will plan around it." : "."}`,
      () => engine.update(item.event.id, before),
    );
  };

  /**
   * Deletes one event (a whole series from the list). Undo puts the person's own event back as
   * it was; a block Sage planned is not put back (the plan finds its task another time).
   */
  const remove = (event: LocalEvent) => {
    engine.remove(event.id);
    tell(
      `Deleted ${event.title}.`,
      isSageBlock(event) || event.bookedBy ? undefined : () => engine.add(draftOf(event)),
    );
  };

  const undoPlan = async () => {
    if (!undoable) return;
    dispatch({ type: "undo-start" });
    try {
      const r = await withSession(() => call("undoPlan", { body: undoable.changes }));
      dispatch({ type: "undo-done", deleted: r.deleted, restored: r.restored });
      await engine.sync();
    } catch (err) {
      const reason = err instanceof Error ? err.message : "try again";
      dispatch({ type: "undo-failed", reason });
    }
  };

  const dialogEvent = useMemo((): LocalEvent | null => {
    const item = dialog.item;
    if (!item) return null;
    // an occurrence of a repeating event is edited at its own times
    return item.seriesId
      ? { ...item.event, startTime: item.start.toISOString(), endTime: item.end.toISOString() }
      : item.event;
  }, [dialog.item]);

  const upcoming = useMemo(() => {
    if (view !== "list") return [];
    const start = DateTime.fromISO(days[0]!, { zone });
    return agenda(state.events, {
      from: start.toJSDate(),
      to: start.plus({ days: count }).toJSDate(),
      zone,
    });
  }, [view, days, count, state.events, zone]);

  const tasksPanel = (
    <>
      <TasksSection
        userId={userId}
        online={state.online}
        zone={zone}
        tasks={tasks}
        events={state.events}
        onPlanned={() => void engine.sync()}
        flat
        standingPlan={plan}
        onPlan={(p) => {
          dispatch({ type: "planned", plan: p });
          // a phone leaves the panel for the week: the outcome is said where it is seen
          if (!wide) tell(plannedMessage(p));
        }}
        onProposal={(p) => dispatch({ type: "proposed", proposal: p })}
      />
      <RoutinesSection userId={userId} online={state.online} onChanged={() => void engine.sync()} />
    </>
  );

  // the connected calendars and the feed: what the chat's panel used to bury at its end
  const calendarsPanel = (
    // the first section's divider would sit under the tabs: dropped
    <div className="[&>section:first-child]:mt-0 [&>section:first-child]:border-t-0 [&>section:first-child]:pt-0">
      <ConnectedCalendarsCard userId={userId} online={state.online} zone={zone} />
      <SubscribeCard userId={userId} online={state.online} />
    </div>
  );
  // the side column shows the tasks unless the connected calendars were asked for
  const sideTab = tab === "calendars" ? "calendars" : "tasks";

  return (
    <div className="flex min-h-0 flex-1">
      <section aria-labelledby="calendar-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <CalendarToolbar
          wide={wide}
          view={view}
          anchor={anchor}
          range={range}
          today={today}
          onView={setView}
          onDate={setAnchor}
          onStep={step}
          onAdd={() => dispatch({ type: "openDialog", item: null })}
        />
        {!wide ? (
          <CalendarTabs
            label="Calendar, tasks or connected calendars"
            prefix="calendar-screen"
            tabs={["calendar", "tasks", "calendars"]}
            selected={tab}
            onSelect={(t) => dispatch({ type: "tab", tab: t })}
          />
        ) : null}
        {/* one line of fixed height: a change of sync state never moves the grid under a drag */}
        <div className="flex h-9 items-center gap-x-3 overflow-hidden whitespace-nowrap bg-white px-3 text-xs text-stone-700">
          {/* the status gives way first: the buttons stay whole on a phone */}
          <span className="min-w-0 flex-1 overflow-hidden [&>p]:flex-nowrap">
            <SyncStatus state={state} />
          </span>
          <span className="order-last flex shrink-0 gap-1">
            <button
              type="button"
              className={TOOL}
              disabled={state.syncing}
              onClick={() => void engine.sync({ manual: true })}
            >
              {state.syncing ? "Syncing…" : "Sync"}
            </button>
            {!wide ? (
              <button type="button" className={TOOL} onClick={() => setAnchor(today)}>
                Today
              </button>
            ) : null}
          </span>
          {undoable ? (
            <span className="flex shrink-0 items-center gap-2">
              <span
                className="inline-block h-3 w-3 rounded-sm ring-2 ring-amber-500"
                aria-hidden="true"
              />
              {/* on a phone the folded key says what the outline means */}
              <span className={wide ? "" : "sr-only"}>New blocks from the last plan</span>
              <button
                type="button"
                className={TOOL}
                disabled={undoing || !state.online}
                onClick={() => void undoPlan()}
              >
                {undoing ? "Undoing…" : "Undo plan"}
              </button>
            </span>
          ) : null}
        </div>
        {wide ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-white px-3 pb-1.5 text-xs text-stone-700">
            <Legend hasProfile={Boolean(profile.data)} plan={!wide && undoable !== null} />
          </div>
        ) : tab !== "calendar" ? null : (
          // folded on a phone: the grid gets the screen
          <details className="bg-white px-3 pb-1 text-xs text-stone-700">
            <summary className="cursor-pointer font-semibold">What the colours mean</summary>
            <div className="pt-1">
              <Legend hasProfile={Boolean(profile.data)} plan={!wide && undoable !== null} />
            </div>
          </details>
        )}
        {state.error ? (
          <p role="alert" className="bg-red-50 px-3 py-1.5 text-sm text-red-800">
            {state.error}
          </p>
        ) : null}
        {settleNote.error ? (
          <p role="alert" className="bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
            {serverSaid(settleNote.error) ??
              "Sage couldn't be reached just now. Try again in a moment."}
          </p>
        ) : null}
        <PlanNotes
          notes={notes.data ?? []}
          online={state.online}
          busy={settleNote.isPending}
          onDismiss={(note) => settleNote.mutate({ id: note.id })}
          onDrop={(note) => settleNote.mutate({ id: note.id, dropTask: note.taskId })}
          onUndo={(note) => settleNote.mutate({ id: note.id, undo: true })}
        />
        {state.notices.map((n) => (
          <p
            key={n.id}
            role="alert"
            className="flex justify-between gap-2 bg-sky-50 px-3 py-1.5 text-sm text-sky-900"
          >
            <span>{n.message}</span>
            <button type="button" aria-label="Dismiss" onClick={() => engine.dismissNotice(n.id)}>
              ×
            </button>
          </p>
        ))}
        {pastReach && (wide || tab === "calendar") ? (
          <p className="bg-stone-100 px-3 py-1.5 text-sm text-stone-800">
            Sage plans {PLAN_DAYS} days ahead: blocks and routine sessions from{" "}
            {DateTime.fromISO(planReach)
              .setLocale(userLocale() ?? "en")
              .toFormat("ccc d LLL")}{" "}
            on appear as those days come closer.
          </p>
        ) : null}
        {/* on a phone the body is the chosen tab's panel; on a wide screen it is the calendar */}
        <div
          className="flex min-h-0 flex-1 flex-col"
          {...(wide
            ? {}
            : {
                id: panelId("calendar-screen"),
                role: "tabpanel",
                "aria-labelledby": tabId("calendar-screen", tab),
              })}
        >
          {!wide && tab !== "calendar" ? (
            <div className="flex-1 overflow-y-auto p-3">
              {tab === "tasks" ? tasksPanel : calendarsPanel}
            </div>
          ) : view === "list" ? (
            <div className="flex-1 overflow-y-auto p-3">
              {upcoming.length ? (
                <EventList
                  days={upcoming}
                  zone={zone}
                  today={today}
                  pendingIds={state.pendingIds}
                  taskStatus={taskStatus}
                  now={now}
                  onEdit={(event) => dispatch({ type: "openDialog", item: asItem(event) })}
                  onDelete={(event) => dispatch({ type: "confirm-delete", event })}
                />
              ) : (
                <p className="text-sm text-stone-700">Nothing in these two weeks.</p>
              )}
            </div>
          ) : (
            <WeekGrid
              days={grid}
              zone={zone}
              now={now}
              profile={shaded}
              highlight={highlight}
              pendingIds={state.pendingIds}
              taskTitles={taskTitles}
              taskEnergy={taskEnergy}
              announce={announce}
              onChange={(item, start, end) => change(item, moved(item.event, start, end))}
              onCreate={(start, end) =>
                dispatch({ type: "openDialog", item: null, slot: { start, end } })
              }
              onOpen={(item) => {
                if (item.readOnly)
                  setMessage(
                    `${itemLabel(item, zone)}.${item.event.why ? ` Why here: ${item.event.why}.` : ""}`,
                  );
                else dispatch({ type: "openDialog", item });
              }}
              onSwipe={step}
            />
          )}
        </div>
      </section>
      {wide ? (
        <aside
          aria-label="Tasks and calendars"
          className="flex w-96 shrink-0 flex-col border-l border-stone-200 bg-white"
        >
          <CalendarTabs
            label="Tasks or connected calendars"
            prefix="calendar-side"
            tabs={["tasks", "calendars"]}
            selected={sideTab}
            onSelect={(t) => dispatch({ type: "tab", tab: t })}
          />
          <div
            id={panelId("calendar-side")}
            role="tabpanel"
            aria-labelledby={tabId("calendar-side", sideTab)}
            className="min-h-0 flex-1 overflow-y-auto p-4"
          >
            {sideTab === "tasks" ? tasksPanel : calendarsPanel}
          </div>
        </aside>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {message}
      </p>
      <UndoToast
        done={done}
        onClose={closeDone}
        onUndo={(d) => {
          d.undo?.();
          setDone(null);
          setMessage(`Undone: ${d.text}`);
        }}
      />

      <EventDialog
        open={dialog.open}
        event={dialogEvent}
        slot={dialog.slot}
        title={
          dialog.item?.seriesId ? `Edit “${dialog.item.event.title}”, a repeating event` : undefined
        }
        zone={zone}
        checkIn={
          // a task's block or a routine's session that has begun: "how did it go?" — evidence
          // Sage learns from
          (dialog.item?.event.taskId || dialog.item?.event.routineId) &&
          dialog.item.start.getTime() <= now.getTime() ? (
            <BlockCheckIn
              key={dialog.item.key}
              userId={userId}
              eventId={dialog.item.event.id}
              occurrence={dialog.item.occurrence ?? undefined}
              title={dialog.item.event.title}
              plannedMinutes={Math.round(
                (dialog.item.end.getTime() - dialog.item.start.getTime()) / 60_000,
              )}
              online={state.online}
            />
          ) : undefined
        }
        onClose={() => dispatch({ type: "closeDialog" })}
        onSave={(draft) => {
          const item = dialog.item;
          dispatch({ type: "closeDialog" });
          if (!item) {
            const added = engine.add(draft);
            tell(`Added ${draft.title}.`, added ? () => engine.remove(added.id) : undefined);
          } else change(item, draft);
        }}
        onDelete={() => {
          const item = dialog.item;
          dispatch({ type: "closeDialog" });
          if (!item) return;
          if (item.seriesId && item.occurrence)
            dispatch({ type: "ask-scope", pending: { kind: "delete", item } });
          else remove(item.event);
        }}
      />
      <DeleteEventDialog
        event={deleting}
        onCancel={() => dispatch({ type: "confirm-delete", event: null })}
        onConfirm={(event) => {
          remove(event);
          dispatch({ type: "confirm-delete", event: null });
        }}
      />
      <ScopeDialog
        open={pending !== null}
        action={pending?.kind === "delete" ? "delete" : "change"}
        title={pending?.item.event.title ?? ""}
        onCancel={() => dispatch({ type: "ask-scope", pending: null })}
        onChoose={(scope) => {
          if (pending) applyScoped(pending, scope);
          dispatch({ type: "ask-scope", pending: null });
        }}
      />
    </div>
  );
}

/** A list entry opened for editing: the whole event (the list edits series as a whole). */
function asItem(event: LocalEvent): GridItem {
  return {
    key: event.id,
    event,
    start: new Date(event.startTime),
    end: new Date(event.endTime ?? event.startTime),
    kind: isSageBlock(event) ? "sage" : "user",
    readOnly: false,
    color: null,
    seriesId: null,
    occurrence: null,
    overlaps: false,
  };
}
