import { and, eq, inArray } from "drizzle-orm";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalSeries,
} from "../../core/calendar/external/types.ts";
import type { Db } from "../db/client.ts";
import { connectionCalendars, externalEvents } from "../db/schema.ts";
import {
  GoogleApiError,
  type GoogleAuth,
  type GoogleCalendarApi,
  type GoogleEvent,
  googleCalendarApi,
  SyncTokenExpired,
} from "../integrations/calendars/google/google-calendar-api.ts";
import {
  googleSeriesText,
  mergeSeries,
  seriesKey,
} from "../integrations/calendars/google/google-events.ts";
import { type Credentials, openCredentials } from "../integrations/calendars/seal.ts";
import { readCalendar } from "../integrations/calendars/worker/calendar-pool.ts";
import type { GoogleSignIn } from "../integrations/identity/google.ts";
import { consentAuth } from "./consent-token.ts";
import { applyCalendarUpdates, checkExpandable, type StoredResource } from "./store-series.ts";
import type { SyncDeps } from "./sync-deps.ts";

/** Calendars read per account (the primary first), and Google events held per sync. */
export const GOOGLE_LIMITS = { calendars: 50, itemsPerSync: 20_000 } as const;

export type GoogleCalendarPlan = {
  externalId: string;
  name: string;
  color: string | null;
  writable: boolean;
  primary: boolean;
  syncToken: string | null;
  mode: "full" | "delta";
  /** full: the whole calendar; delta: the series that changed (already merged). */
  resources: StoredResource[];
  /** delta: series whose master was deleted. */
  deleted: string[];
};

export function requireGoogle(deps: SyncDeps): GoogleSignIn {
  if (!deps.google)
    throw new GoogleApiError(503, "Google sign-in is not configured on this server");
  return deps.google;
}

/**
 * The access token of a connection: the stored one while it is valid, else (and after a
 * 401) a fresh one from the refresh token, sealed back into the connection's credentials.
 * A refused refresh token is the plain "connect again" error.
 */
export function connectionAuth(
  deps: SyncDeps,
  connectionId: string | null,
  creds: Credentials,
): GoogleAuth {
  return consentAuth(deps, connectionId, creds, {
    refresh: (token) => requireGoogle(deps).refreshAccessToken(token),
    refused: (message) => new GoogleApiError(401, message),
    connectAgain: "Google refused Sage's access to this calendar — connect Google Calendar again",
  });
}

export function apiForConnection(
  deps: SyncDeps,
  row: { id: string; credentials: string },
): GoogleCalendarApi {
  if (!deps.config.calendarKey) throw new Error("CALENDAR_SECRET_KEY is not configured");
  const creds = openCredentials(deps.config.calendarKey, row.credentials);
  return googleCalendarApi(deps.config.googleApiBase, connectionAuth(deps, row.id, creds));
}

function group(items: GoogleEvent[]): Map<string, GoogleEvent[]> {
  const groups = new Map<string, GoogleEvent[]>();
  for (const e of items) {
    if (typeof e.id !== "string") continue;
    const key = seriesKey(e);
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  return groups;
}

/**
 * Each group's series (by master id), read in the calendar worker when they are many; a
 * group nothing can be read from is left out.
 */
async function readGoogleSeries(
  groups: Map<string, GoogleEvent[]>,
): Promise<Map<string, ExternalSeries>> {
  const keys = [...groups.keys()];
  const parsed = await readCalendar({
    kind: "parse-each",
    texts: keys.map((key) => googleSeriesText(groups.get(key)!)),
  });
  const out = new Map<string, ExternalSeries>();
  for (const [i, item] of parsed.entries()) {
    if ("series" in item && item.series) out.set(keys[i]!, item.series);
  }
  return out;
}

const resourceOf = (
  key: string,
  events: GoogleEvent[],
  series: ExternalSeries,
): StoredResource => ({
  key,
  etag: events.find((e) => e.id === key)?.etag ?? null,
  series,
});

/**
 * Reads a Google account: every calendar Sage may list events of, and per calendar what
 * changed since its stored syncToken (a 410 Gone, or nothing stored: everything). Touches
 * the database only to read the stored series an incremental change merges into; every
 * series it returns has been checked to expand within the limits.
 */
export async function readGoogleAccount(
  deps: SyncDeps,
  api: GoogleCalendarApi,
  connectionId: string | null,
): Promise<GoogleCalendarPlan[]> {
  const stored = connectionId
    ? await deps.db
        .select()
        .from(connectionCalendars)
        .where(eq(connectionCalendars.connectionId, connectionId))
    : [];
  const tokens = new Map(stored.map((c) => [c.externalId, c]));
  const plans: GoogleCalendarPlan[] = [];
  const readable = (await api.calendarList())
    .filter((c) => c.accessRole !== "freeBusyReader") // no events to list
    .sort((a, b) => Number(b.primary === true) - Number(a.primary === true))
    .slice(0, GOOGLE_LIMITS.calendars);
  let held = 0;
  let series = 0;
  for (const entry of readable) {
    const known = tokens.get(entry.id);
    let listed: Awaited<ReturnType<GoogleCalendarApi["listEvents"]>>;
    let mode: "full" | "delta" = known?.syncToken ? "delta" : "full";
    try {
      listed = await api.listEvents(entry.id, known?.syncToken ?? null);
    } catch (error) {
      if (!(error instanceof SyncTokenExpired)) throw error;
      mode = "full"; // 410 Gone: the token is no longer valid, start over
      listed = await api.listEvents(entry.id, null);
    }
    held += listed.items.length;
    if (held > GOOGLE_LIMITS.itemsPerSync) {
      throw new CalendarDataError(
        "This Google account holds more events than Sage reads in one sync",
        "too-large",
      );
    }
    const groups = group(listed.items);
    const read = await readGoogleSeries(groups);
    const resources: StoredResource[] = [];
    const deleted: string[] = [];
    if (mode === "full") {
      for (const [key, events] of groups) {
        const master = events.find((e) => e.id === key);
        if (master?.status === "cancelled") continue;
        const series = read.get(key);
        if (series) resources.push(resourceOf(key, events, series));
      }
    } else {
      const keys = [...groups.keys()];
      const before = new Map<string, ExternalSeries>();
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await deps.db
          .select({ key: externalEvents.resourceKey, series: externalEvents.series })
          .from(externalEvents)
          .where(
            and(
              eq(externalEvents.calendarId, known!.id),
              inArray(externalEvents.resourceKey, keys.slice(i, i + 500)),
            ),
          );
        for (const r of rows) before.set(r.key, r.series as ExternalSeries);
      }
      for (const [key, events] of groups) {
        const master = events.find((e) => e.id === key);
        if (master?.status === "cancelled") {
          deleted.push(key);
          continue;
        }
        const changed = read.get(key);
        if (!changed) continue;
        const old = before.get(key);
        // an exception alone merges into its stored series; a new master replaces the master
        const series = old ? mergeSeries(old, changed) : changed;
        resources.push({ key, etag: master?.etag ?? null, series });
      }
    }
    series += mode === "full" ? resources.length : 0;
    if (series > EXTERNAL_LIMITS.maxSeries) {
      throw new CalendarDataError(
        `This Google account has more than ${EXTERNAL_LIMITS.maxSeries} events; Sage reads at most that many per connection`,
        "too-large",
      );
    }
    plans.push({
      externalId: entry.id,
      name: (entry.summaryOverride ?? entry.summary ?? entry.id).trim().slice(0, 100) || "Calendar",
      color:
        typeof entry.backgroundColor === "string" && /^#[0-9a-f]{3,8}$/i.test(entry.backgroundColor)
          ? entry.backgroundColor.slice(0, 7)
          : null,
      writable: entry.accessRole === "owner" || entry.accessRole === "writer",
      primary: entry.primary === true,
      syncToken: listed.nextSyncToken,
      mode,
      resources,
      deleted,
    });
  }
  await checkExpandable(
    plans.flatMap((p) => p.resources),
    deps.now(),
  );
  return plans;
}

/** Applies what readGoogleAccount found, inside the caller's transaction (applyCalendarUpdates). */
export function applyGooglePlans(
  tx: Db,
  opts: { connectionId: string; userId: string; plans: GoogleCalendarPlan[] },
): Promise<void> {
  return applyCalendarUpdates(tx, {
    connectionId: opts.connectionId,
    userId: opts.userId,
    calendars: opts.plans.map((p) => ({
      externalId: p.externalId,
      name: p.name,
      color: p.color,
      writable: p.writable,
      syncToken: p.syncToken,
      ctag: null,
      mode: p.mode,
      resources: p.resources,
      deleted: p.deleted,
    })),
  });
}
