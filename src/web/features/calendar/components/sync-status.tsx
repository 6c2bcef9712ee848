import type { SyncState } from "../lib/calendar-sync.ts";

function pendingText(n: number): string {
  return n === 1 ? "1 change waiting to sync" : `${n} changes waiting to sync`;
}

/** Online/offline indicator and where the local changes stand. */
export function SyncStatus({ state }: { state: SyncState }) {
  const detail = state.syncing
    ? "Syncing…"
    : state.pendingCount > 0
      ? pendingText(state.pendingCount)
      : state.lastSyncedAt
        ? "All changes synced"
        : "";
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-1.5 text-sm text-stone-700">
      <span className="inline-flex items-center gap-1.5 font-medium">
        <span
          aria-hidden="true"
          className={`h-2.5 w-2.5 rounded-full ${state.online ? "bg-sage-600" : "bg-amber-600"}`}
        />
        {state.online ? "Online" : "Offline"}
      </span>
      {detail === "All changes synced" ? (
        // a phone's status line is short: the same fact in one word
        <span>
          ·&nbsp;<span className="sm:hidden">Synced</span>
          <span className="hidden sm:inline">{detail}</span>
        </span>
      ) : state.pendingCount > 0 && !state.syncing ? (
        // "1 change waiting to sync" was cut to "1 change waitin…" on a phone
        <span>
          ·&nbsp;<span className="sm:hidden">{state.pendingCount} to sync</span>
          <span className="hidden sm:inline">{detail}</span>
        </span>
      ) : detail ? (
        <span className="min-w-0 truncate">·&nbsp;{detail}</span>
      ) : null}
    </p>
  );
}
