import { DateTime } from "luxon";
import { useMemo, useState } from "react";
import type { EventDraft, LocalEvent } from "../../../../core/calendar/local-event.ts";
import { Button, buttonClass } from "../../../components/button.tsx";
import { Link } from "../../../lib/router.tsx";
import { browserZone, useSyncTimezone } from "../api/use-sync-timezone.ts";
import { useTasks } from "../api/use-tasks.ts";
import { useCalendarSync } from "../hooks/use-calendar-sync.ts";
import { agenda } from "../lib/agenda.ts";
import { SYNC_ERRORS } from "../lib/sync-messages.ts";
import { ConnectedCalendarsCard } from "./connected-calendars-card.tsx";
import { DeleteEventDialog } from "./delete-event-dialog.tsx";
import { EventDialog } from "./event-dialog.tsx";
import { EventList } from "./event-list.tsx";
import { SubscribeCard } from "./subscribe-card.tsx";
import { SyncStatus } from "./sync-status.tsx";
import { TasksSection } from "./tasks-section.tsx";

const FIRST_DAYS = 30;
const MORE_DAYS = 60;
const PAST_DAYS = 90;

/**
 * The calendar events panel (spec §2): the list, the add/edit modal, a sync button, the feed
 * URL with shortcuts, and an online/offline indicator. Works offline; see CalendarSync.
 */
export function CalendarPanel({ userId }: { userId: string | null }) {
  if (!userId) {
    return (
      <section aria-label="Calendar" className="rounded-2xl border border-stone-200 bg-white p-4">
        <p role="alert" className="text-red-700">
          {SYNC_ERRORS.noUser}
        </p>
      </section>
    );
  }
  return <SignedInCalendar userId={userId} />;
}

function SignedInCalendar({ userId }: { userId: string }) {
  const { state, engine } = useCalendarSync(userId);
  useSyncTimezone(state.online);
  const zone = useMemo(browserZone, []);
  const [days, setDays] = useState(FIRST_DAYS);
  const [dialog, setDialog] = useState<{ open: boolean; event: LocalEvent | null }>({
    open: false,
    event: null,
  });
  const [deleting, setDeleting] = useState<LocalEvent | null>(null);
  const tasks = useTasks(userId, state.online);
  const taskStatus = useMemo(
    () => new Map((tasks.data ?? []).map((t) => [t.id, t.status])),
    [tasks.data],
  );
  const now = new Date();

  const today = DateTime.now().setZone(zone).startOf("day");
  const todayIso = today.toISODate()!;
  const upcoming = useMemo(() => {
    const start = DateTime.fromISO(todayIso, { zone });
    return agenda(state.events, {
      from: start.toJSDate(),
      to: start.plus({ days }).toJSDate(),
      zone,
    });
  }, [state.events, todayIso, days, zone]);
  const past = useMemo(() => {
    const start = DateTime.fromISO(todayIso, { zone });
    return agenda(state.events, {
      from: start.minus({ days: PAST_DAYS }).toJSDate(),
      to: start.toJSDate(),
      zone,
      newestFirst: true,
    });
  }, [state.events, todayIso, zone]);

  const save = (draft: EventDraft) => {
    if (dialog.event) engine.update(dialog.event.id, draft);
    else engine.add(draft);
    // make sure a far-off event is visible after saving it
    const ahead = Math.ceil(DateTime.fromISO(draft.startTime).diff(today, "days").days) + 1;
    if (ahead > days) setDays(ahead);
    setDialog({ open: false, event: dialog.event });
  };

  return (
    <section
      aria-labelledby="calendar-heading"
      className="rounded-2xl border border-stone-200 bg-white p-4 text-left shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="calendar-heading" className="text-xl font-bold text-stone-900">
            Calendar
          </h2>
          <SyncStatus state={state} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/calendar" className={buttonClass("secondary")}>
            Week view
          </Link>
          <Button
            variant="secondary"
            disabled={state.syncing}
            onClick={() => void engine.sync({ manual: true })}
          >
            {state.syncing ? "Syncing…" : "Sync"}
          </Button>
          <Button onClick={() => setDialog({ open: true, event: null })}>Add event</Button>
        </div>
      </div>

      {!state.online ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You're offline. Changes are saved on this device and sync when you're back online.
        </p>
      ) : null}
      {state.error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      ) : null}
      {state.notices.map((n) => (
        <div
          key={n.id}
          role="alert"
          className={`mt-3 flex items-start justify-between gap-3 rounded-lg px-3 py-2 text-sm ${
            n.tone === "error" ? "bg-red-50 text-red-800" : "bg-sky-50 text-sky-900"
          }`}
        >
          <span>{n.message}</span>
          <button
            type="button"
            className="shrink-0 rounded px-1 font-semibold"
            aria-label="Dismiss"
            onClick={() => engine.dismissNotice(n.id)}
          >
            ×
          </button>
        </div>
      ))}

      <TasksSection
        userId={userId}
        online={state.online}
        zone={zone}
        tasks={tasks}
        events={state.events}
        onPlanned={() => void engine.sync()}
      />

      <h3 className="mt-6 mb-3 border-t border-stone-200 pt-5 font-semibold text-stone-900">
        Upcoming
      </h3>
      {upcoming.length ? (
        <EventList
          days={upcoming}
          zone={zone}
          today={todayIso}
          pendingIds={state.pendingIds}
          taskStatus={taskStatus}
          now={now}
          onEdit={(event) => setDialog({ open: true, event })}
          onDelete={setDeleting}
        />
      ) : (
        <p className="text-sm text-stone-700">
          Nothing planned in the next {days} days. Add an event, or ask Sage to plan your week.
        </p>
      )}
      <div className="mt-3">
        <Button variant="ghost" onClick={() => setDays((d) => d + MORE_DAYS)}>
          Show later events
        </Button>
      </div>
      {past.length ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-stone-800">
            Earlier events (last {PAST_DAYS} days)
          </summary>
          <div className="mt-3">
            <EventList
              days={past}
              zone={zone}
              today={todayIso}
              pendingIds={state.pendingIds}
              taskStatus={taskStatus}
              now={now}
              onEdit={(event) => setDialog({ open: true, event })}
              onDelete={setDeleting}
            />
          </div>
        </details>
      ) : null}

      <ConnectedCalendarsCard userId={userId} online={state.online} zone={zone} />

      <SubscribeCard userId={userId} online={state.online} />

      <EventDialog
        open={dialog.open}
        event={dialog.event}
        zone={zone}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSave={save}
      />
      <DeleteEventDialog
        event={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(event) => {
          engine.remove(event.id);
          setDeleting(null);
        }}
      />
    </section>
  );
}
