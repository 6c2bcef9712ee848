import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { connectionCalendars, externalEvents } from "../db/schema.ts";
import {
  type CalendarChanges,
  calendarChanges,
  connectCalDav,
  eventCalendars,
} from "../integrations/calendars/caldav/caldav-account.ts";
import type { FetchPolicy } from "../integrations/calendars/safe-fetch.ts";
import type { Credentials } from "../integrations/calendars/seal.ts";
import { applyCalendarUpdates, checkExpandable } from "./store-series.ts";

export type CalendarPlan = {
  externalId: string;
  name: string;
  color: string | null;
  changes: CalendarChanges;
};

/**
 * Reads a CalDAV account: its event calendars and, per calendar, what changed since the
 * stored state (nothing stored: everything). Touches no database; every series it returns
 * has been checked to expand within the limits.
 */
export async function readCalDavAccount(
  creds: Credentials,
  policy: FetchPolicy,
  stored: Map<
    string,
    {
      syncToken: string | null;
      ctag: string | null;
      objects: { url: string; etag: string | null }[];
    }
  >,
  now: Date,
): Promise<CalendarPlan[]> {
  const client = await connectCalDav(creds, policy);
  const calendars = await eventCalendars(client);
  const plans: CalendarPlan[] = [];
  for (const calendar of calendars) {
    const state = stored.get(calendar.url) ?? { syncToken: null, ctag: null, objects: [] };
    const changes = await calendarChanges(client, calendar, state);
    const name =
      typeof calendar.displayName === "string" && calendar.displayName.trim()
        ? calendar.displayName.trim().slice(0, 100)
        : (new URL(calendar.url).pathname.split("/").filter(Boolean).pop() ?? "Calendar");
    plans.push({
      externalId: calendar.url,
      name,
      // a color is only ever a hex value here (it ends up in a style attribute)
      color:
        typeof calendar.calendarColor === "string" &&
        /^#[0-9a-f]{3,8}$/i.test(calendar.calendarColor)
          ? calendar.calendarColor.slice(0, 7)
          : null,
      changes,
    });
  }
  await checkExpandable(
    plans.flatMap((p) => (p.changes.mode === "full" ? p.changes.resources : p.changes.changed)),
    now,
  );
  return plans;
}

/** What is stored per calendar of a connection, for an incremental read. */
export async function storedCalDavState(db: Db, connectionId: string) {
  const [calendars, objects] = await Promise.all([
    db.select().from(connectionCalendars).where(eq(connectionCalendars.connectionId, connectionId)),
    db
      .select({
        calendarId: externalEvents.calendarId,
        url: externalEvents.resourceKey,
        etag: externalEvents.etag,
      })
      .from(externalEvents)
      .where(eq(externalEvents.connectionId, connectionId)),
  ]);
  return new Map(
    calendars.map((c) => [
      c.externalId,
      {
        syncToken: c.syncToken,
        ctag: c.ctag,
        objects: objects
          .filter((o) => o.calendarId === c.id)
          .map((o) => ({ url: o.url, etag: o.etag })),
      },
    ]),
  );
}

/** Applies what readCalDavAccount found, inside the caller's transaction (applyCalendarUpdates). */
export function applyCalDavPlans(
  tx: Db,
  opts: { connectionId: string; userId: string; plans: CalendarPlan[] },
): Promise<void> {
  return applyCalendarUpdates(tx, {
    connectionId: opts.connectionId,
    userId: opts.userId,
    calendars: opts.plans.map(({ externalId, name, color, changes }) => ({
      externalId,
      name,
      color,
      // CalDAV does not say reliably who may write: every calendar is offered
      writable: true,
      syncToken: changes.syncToken,
      ctag: changes.ctag,
      ...(changes.mode === "full"
        ? {
            mode: "full" as const,
            resources: changes.resources,
            deleted: [],
            unreadable: changes.unreadable,
          }
        : { mode: "delta" as const, resources: changes.changed, deleted: changes.deleted }),
    })),
  });
}
