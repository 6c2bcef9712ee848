import {
  type EventDraft,
  fromServerEvent,
  type LocalEvent,
  toServerFields,
} from "../../../../core/calendar/local-event.ts";
import type { Scope, ServerEvent } from "../../../../core/contract/calendar.ts";
import type { EventsTransport } from "../api/events-api.ts";
import { classifySyncError } from "./classify-sync-error.ts";
import { createLocalStore, type KeyValueStorage, type QueueItem } from "./local-store.ts";
import { applyOccurrenceEdit, type OccurrenceEdit } from "./occurrence-edit.ts";
import { SYNC_ERRORS } from "./sync-messages.ts";

export type Notice = { id: string; tone: "error" | "info"; message: string };

export type SyncState = {
  events: LocalEvent[];
  /** Ids of events with changes the server has not confirmed yet. */
  pendingIds: ReadonlySet<string>;
  pendingCount: number;
  online: boolean;
  syncing: boolean;
  /** The current problem, in the spec's words ('No internet connection', …); null when fine. */
  error: string | null;
  notices: Notice[];
  lastSyncedAt: string | null;
};

/** The subset of the Web Locks API the engine uses. */
export type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

export type SyncDeps = {
  userId: string;
  storage: KeyValueStorage;
  transport: EventsTransport;
  locks?: Locks | undefined;
  isOnline: () => boolean;
  newId: () => string;
  now?: () => Date;
  /** The zone occurrences are expanded in (the browser's). */
  zone?: string | undefined;
  /** Retry after a server failure (ms); doubled each time up to five minutes. */
  retryBaseMs?: number;
};

const STORAGE_FULL = "This device's storage is full, so the change was not saved.";
const quote = (title: string | undefined) => `“${title ?? "Event"}”`;
const MAX_RETRY_MS = 5 * 60_000;
/** Per lock name, the end of this page's queue of sync runs (when Web Locks are missing). */
const pageChains = new Map<string, Promise<unknown>>();

/**
 * Offline-first calendar sync. Local edits apply to local storage at once and go into a
 * persistent queue; `sync()` replays the queue in order and then refreshes from the server.
 *
 * Guarantees: the queue survives reloads; replay runs under one Web Lock per user, and each
 * item is read from storage and removed by its own id after the server confirmed it, so two
 * tabs never send the same item twice (a resend after a lost answer is harmless: creates
 * are idempotent by client id, updates carry a version, deletes are idempotent). Network and
 * server failures keep the item; a 4xx drops it and says why; a 409 keeps the server's version.
 */
/** How long after a change the calendar is read again to show Sage's re-plan. */
export const REPLAN_SETTLE_MS = 2_500;

export class CalendarSync {
  readonly #deps: SyncDeps;
  readonly #store: ReturnType<typeof createLocalStore>;
  readonly #listeners = new Set<() => void>();
  #state: SyncState;
  #running: Promise<void> | null = null;
  #again = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #retryMs = 0;
  #followUpTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(deps: SyncDeps) {
    this.#deps = deps;
    this.#store = createLocalStore(deps.storage, deps.userId);
    this.#state = {
      ...this.#fromStorage(),
      online: deps.isOnline(),
      syncing: false,
      error: null,
      notices: [],
      lastSyncedAt: null,
    };
  }

  get storageKeys(): readonly string[] {
    return [this.#store.eventsKey, this.#store.queueKey];
  }

  getState = (): SyncState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Re-reads local storage (another tab changed it). */
  reload(): void {
    this.#set(this.#fromStorage());
  }

  setOnline(online: boolean): void {
    this.#set({
      online,
      ...(online && this.#state.error === SYNC_ERRORS.offline ? { error: null } : {}),
    });
    if (online) void this.sync();
  }

  /** Adds an event; null when this device could not store it. */
  add(draft: EventDraft): LocalEvent | null {
    const event: LocalEvent = { ...draft, id: this.#deps.newId(), version: 0, source: "user" };
    const stored = this.#applyLocal({ action: "create", eventId: event.id, event }, (events) => [
      ...events,
      event,
    ]);
    return stored ? event : null;
  }

  /** Edits an event (a recurring one as a whole series). False when it is not here any more. */
  update(id: string, draft: EventDraft): boolean {
    const current = this.#store.readEvents().find((e) => e.id === id);
    if (!current) return this.#notFoundLocally();
    const event: LocalEvent = {
      ...draft,
      id,
      version: current.version,
      // as on the server: an edited event is the person's (a planned block stops moving)
      source: "user",
      ...(current.taskId ? { taskId: current.taskId } : {}),
      ...(current.routineId ? { routineId: current.routineId } : {}),
      // a guest's booking stays one (its time fixed) while the edit waits to sync
      ...(current.bookedBy ? { bookedBy: current.bookedBy } : {}),
    };
    return this.#applyLocal(
      { action: "update", eventId: id, event, baseVersion: current.version },
      (events) => events.map((e) => (e.id === id ? event : e)),
    );
  }

  remove(id: string): boolean {
    const current = this.#store.readEvents().find((e) => e.id === id);
    if (!current) return this.#notFoundLocally();
    return this.#applyLocal({ action: "delete", eventId: id, event: current }, (events) =>
      events.filter((e) => e.id !== id),
    );
  }

  /**
   * Changes one occurrence of a repeating event (`this`), it and the following ones, or
   * all of them; `occurrence` is its start as the series defines it. Same queue, same
   * guarantees as `update`. False when the series is not here any more.
   */
  editOccurrence(seriesId: string, occurrence: string, scope: Scope, draft: EventDraft): boolean {
    return this.#occurrenceChange(seriesId, occurrence, scope, draft);
  }

  /** Deletes one occurrence, it and the following ones, or the whole series. */
  removeOccurrence(seriesId: string, occurrence: string, scope: Scope): boolean {
    return this.#occurrenceChange(seriesId, occurrence, scope, null);
  }

  #occurrenceChange(
    seriesId: string,
    occurrence: string,
    scope: Scope,
    draft: EventDraft | null,
  ): boolean {
    const series = this.#store.readEvents().find((e) => e.id === seriesId);
    if (!series) return this.#notFoundLocally();
    const newId = this.#deps.newId();
    const event: LocalEvent = draft ? { ...draft, id: newId, version: 0, source: "user" } : series;
    const edit = { seriesId, occurrence, scope, draft, newId };
    return this.#applyLocal(
      {
        action: draft ? "update" : "delete",
        eventId: seriesId,
        event,
        baseVersion: series.version,
        occurrence: { start: occurrence, scope, newId },
      },
      (events) => applyOccurrenceEdit(events, edit, this.#zone()),
    );
  }

  dismissNotice(id: string): void {
    this.#set({ notices: this.#state.notices.filter((n) => n.id !== id) });
  }

  /**
   * Replays the queue, then refreshes from the server. Offline it does nothing (a manual
   * press says 'No internet connection'). Concurrent calls in one tab share one run.
   */
  sync(opts: { manual?: boolean } = {}): Promise<void> {
    if (!this.#deps.isOnline()) {
      this.#set({ online: false, ...(opts.manual ? { error: SYNC_ERRORS.offline } : {}) });
      return Promise.resolve();
    }
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    clearTimeout(this.#retryTimer);
    this.#running = (async () => {
      this.#set({ syncing: true, online: true });
      try {
        do {
          this.#again = false;
          await this.#withLock(() => this.#flushThenRefresh());
        } while (this.#again);
      } catch (err) {
        // e.g. local storage full: say so instead of failing silently
        console.error("calendar sync failed", err);
        this.#set({ error: SYNC_ERRORS.failed });
      } finally {
        this.#running = null;
        this.#set({ syncing: false });
      }
    })();
    return this.#running;
  }

  /**
   * Reads the calendar again in a moment: Sage re-plans by itself within seconds of a change
   * (an event here, a task, a check-in), and the moved blocks should show without a reload.
   */
  refreshSoon(afterMs = REPLAN_SETTLE_MS): void {
    clearTimeout(this.#followUpTimer);
    this.#followUpTimer = setTimeout(() => {
      if (this.#deps.isOnline()) void this.sync();
    }, afterMs);
  }

  dispose(): void {
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#followUpTimer);
    this.#listeners.clear();
  }

  async #flushThenRefresh(): Promise<void> {
    const sent = this.#store.readQueue().length > 0;
    if (!(await this.#flush())) return;
    if (sent) this.refreshSoon();
    try {
      const server = await this.#deps.transport.list();
      this.#rebuildFrom(server);
      this.#retryMs = 0;
      this.#set({ error: null, lastSyncedAt: this.#now().toISOString(), ...this.#fromStorage() });
    } catch (err) {
      const failure = classifySyncError(err, "list", this.#deps.isOnline());
      this.#stop(failure.kind === "retry" ? failure.message : SYNC_ERRORS.failed);
    }
  }

  /** Sends queued items in order. True when the queue is empty, false when it had to stop. */
  async #flush(): Promise<boolean> {
    for (;;) {
      const item = this.#store.readQueue()[0];
      if (!item) return true;
      try {
        const answer = await this.#send(item);
        this.#confirm(item, answer);
      } catch (err) {
        const failure = classifySyncError(err, item.action, this.#deps.isOnline());
        if (failure.kind === "retry") {
          this.#store.updateQueue((q) =>
            q.map((i) => (i.qid === item.qid ? { ...i, attempts: i.attempts + 1 } : i)),
          );
          this.#stop(failure.message);
          return false;
        }
        if (failure.kind === "done") this.#confirm(item, null);
        else if (failure.kind === "conflict") this.#keepServerVersion(item, failure.current);
        else if (failure.kind === "gone" && item.occurrence) {
          this.#reject(item, "that occurrence is no longer there.");
        } else if (failure.kind === "gone") this.#dropEvent(item, "was deleted elsewhere.");
        else this.#reject(item, failure.message);
      }
      this.#set(this.#fromStorage());
    }
  }

  #send(item: QueueItem): Promise<ServerEvent | null> {
    const { transport } = this.#deps;
    if (item.occurrence) return this.#sendOccurrence(item, item.occurrence);
    if (item.action === "delete") return transport.remove(item.eventId).then(() => null);
    if (!item.event) return Promise.resolve(null);
    const fields = toServerFields(item.event);
    if (item.action === "create") return transport.create(item.eventId, fields);
    return transport.update(item.eventId, {
      ...fields,
      ...(item.baseVersion ? { version: item.baseVersion } : {}),
    });
  }

  async #sendOccurrence(
    item: QueueItem,
    o: NonNullable<QueueItem["occurrence"]>,
  ): Promise<ServerEvent | null> {
    const { transport } = this.#deps;
    const at = { occurrence: o.start, scope: o.scope };
    if (item.action === "delete" || !item.event) {
      // the series with its new version, or null when the whole series went
      return transport.removeOccurrence(item.eventId, at);
    }
    const { event, series } = await transport.updateOccurrence(item.eventId, at, {
      ...toServerFields(item.event),
      id: o.newId,
      // only a change to the series itself (following, all) is made from a version of it
      ...(item.baseVersion && o.scope !== "this" ? { version: item.baseVersion } : {}),
    });
    // the row it wrote (an override, or the new series) now has a server version
    if (event.id !== series.id) {
      this.#store.updateEvents((events) =>
        events.map((e) => (e.id === event.id ? { ...e, version: event.version } : e)),
      );
    }
    return series;
  }

  /** The server has the change: remove the item and move later edits onto the new version. */
  #confirm(item: QueueItem, answer: ServerEvent | null): void {
    this.#store.updateQueue((q) =>
      q
        .filter((i) => i.qid !== item.qid)
        .map((i) =>
          answer && i.eventId === item.eventId ? { ...i, baseVersion: answer.version } : i,
        ),
    );
    if (!answer) return;
    if (answer.deleted_at) {
      this.#dropEvent(item, "was deleted elsewhere.");
      return;
    }
    this.#store.updateEvents((events) =>
      events.map((e) => (e.id === answer.id ? { ...e, version: answer.version } : e)),
    );
  }

  #keepServerVersion(item: QueueItem, current: ServerEvent): void {
    // later edits of this event were built on the refused one: they go too
    this.#store.updateQueue((q) =>
      q.filter((i) => i.qid !== item.qid && !(i.eventId === item.eventId && i.action === "update")),
    );
    this.#store.updateEvents((events) => [
      ...events.filter((e) => e.id !== current.id),
      fromServerEvent(current),
    ]);
    this.#notice(
      "info",
      `${quote(current.title)} was changed elsewhere, so the latest version was kept.`,
    );
  }

  #dropEvent(item: QueueItem, why: string): void {
    this.#store.updateQueue((q) => q.filter((i) => i.eventId !== item.eventId));
    this.#store.updateEvents((events) => events.filter((e) => e.id !== item.eventId));
    this.#notice("info", `${quote(item.event?.title)} ${why}`);
  }

  #reject(item: QueueItem, message: string): void {
    this.#store.updateQueue((q) => q.filter((i) => i.qid !== item.qid));
    const what = item.action === "delete" && !item.occurrence ? "deleted" : "saved";
    this.#notice("error", `${quote(item.event?.title)} could not be ${what}: ${message}`);
  }

  /** The server's list, with the changes still waiting in the queue applied on top. */
  #rebuildFrom(server: ServerEvent[]): void {
    let byId = new Map(server.map((e) => [e.id, fromServerEvent(e)]));
    for (const item of this.#store.readQueue()) {
      if (item.occurrence) {
        const edit: OccurrenceEdit = {
          seriesId: item.eventId,
          occurrence: item.occurrence.start,
          scope: item.occurrence.scope,
          draft: item.action === "update" && item.event ? item.event : null,
          newId: item.occurrence.newId,
        };
        const next = applyOccurrenceEdit([...byId.values()], edit, this.#zone());
        byId = new Map(next.map((e) => [e.id, e]));
      } else if (item.action === "delete") byId.delete(item.eventId);
      else if (item.event) byId.set(item.eventId, item.event);
    }
    this.#store.updateEvents(() => [...byId.values()]);
  }

  #stop(message: string): void {
    this.#set({ error: message });
    if (!this.#deps.isOnline()) return; // the 'online' event brings us back
    const base = this.#deps.retryBaseMs ?? 5_000;
    this.#retryMs = Math.min(this.#retryMs ? this.#retryMs * 2 : base, MAX_RETRY_MS);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.sync(), this.#retryMs);
  }

  /**
   * Queues a change, then applies it to the local copy, then starts a sync. The queue is
   * written first: a change in the queue is never lost (the next refresh shows it even if
   * the local copy could not be written), a change not in the queue was not made.
   */
  #applyLocal(
    item: Pick<QueueItem, "action" | "eventId" | "event" | "baseVersion" | "occurrence">,
    change: (events: LocalEvent[]) => LocalEvent[],
  ): boolean {
    const full: QueueItem = {
      ...item,
      qid: this.#deps.newId(),
      queuedAt: this.#now().toISOString(),
      attempts: 0,
    };
    try {
      this.#store.updateQueue((q) => [...q, full]);
    } catch (err) {
      console.error("calendar: could not store the change", err);
      this.#set({ error: STORAGE_FULL });
      return false;
    }
    try {
      this.#store.updateEvents(change);
    } catch (err) {
      console.error("calendar: could not update the local copy", err);
    }
    this.#set(this.#fromStorage());
    void this.sync();
    return true;
  }

  #notFoundLocally(): false {
    this.#set({ error: SYNC_ERRORS.notFoundLocally });
    return false;
  }

  #notice(tone: Notice["tone"], message: string): void {
    const notice = { id: this.#deps.newId(), tone, message };
    this.#set({ notices: [...this.#state.notices, notice].slice(-5) });
  }

  #withLock(task: () => Promise<void>): Promise<void> {
    const name = `sage.calendar.sync.${this.#deps.userId}`;
    if (this.#deps.locks) return this.#deps.locks.request(name, task);
    // no Web Locks here (not a secure context): at least serialize every engine of this
    // page — the calendar panel's and the app shell's replay (queue-replay.ts)
    const run = (pageChains.get(name) ?? Promise.resolve()).then(task, task);
    pageChains.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }

  #fromStorage() {
    const queue = this.#store.readQueue();
    const pendingIds = new Set(queue.map((i) => i.eventId));
    return { events: this.#store.readEvents(), pendingIds, pendingCount: queue.length };
  }

  #zone(): string {
    return this.#deps.zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }

  #set(patch: Partial<SyncState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
