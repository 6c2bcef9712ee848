import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SyncState } from "../lib/calendar-sync.ts";
import { SyncStatus } from "./sync-status.tsx";

afterEach(cleanup);

const state = (over: Partial<SyncState>): SyncState => ({
  events: [],
  pendingIds: new Set(),
  pendingCount: 0,
  online: true,
  syncing: false,
  error: null,
  notices: [],
  lastSyncedAt: null,
  ...over,
});

describe("SyncStatus", () => {
  it("says what waits in words that fit a phone's line, and in full wider", () => {
    render(<SyncStatus state={state({ online: false, pendingCount: 1 })} />);
    const line = screen.getByRole("status");
    expect(line.textContent).toContain("Offline");
    // the phone's words (shown below the sm breakpoint) and the full ones (above it)
    expect(screen.getByText("1 to sync").className).toContain("sm:hidden");
    expect(screen.getByText("1 change waiting to sync").className).toContain("hidden sm:inline");
  });

  it("says synced, and syncing, as before", () => {
    render(<SyncStatus state={state({ lastSyncedAt: "2031-03-03T10:00:00Z" })} />);
    expect(screen.getByText("Synced")).toBeTruthy();
    cleanup();
    render(<SyncStatus state={state({ syncing: true, pendingCount: 2 })} />);
    expect(screen.getByRole("status").textContent).toContain("Syncing…");
  });
});
