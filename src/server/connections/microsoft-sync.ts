import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  CalendarDataError,
  EXTERNAL_LIMITS,
  type ExternalSeries,
} from "../../core/calendar/external/types.ts";
import type { Db } from "../db/client.ts";
import { connectionCalendars, externalWrites } from "../db/schema.ts";
import {
  DeltaExpired,
  GraphApiError,
  type GraphAuth,
  type GraphCalendarApi,
  type GraphEvent,
  graphCalendarApi,
} from "../integrations/calendars/microsoft/graph-calendar-api.ts";
import { graphEventText } from "../integrations/calendars/microsoft/graph-events.ts";
import { type Credentials, openCredentials } from "../integrations/calendars/seal.ts";
import { readCalendar } from "../integrations/calendars/worker/calendar-pool.ts";
import {
  type MicrosoftIdentity,
  microsoftIdentity,
  microsoftRedirectUri,
} from "../integrations/identity/microsoft.ts";
import { consentAuth } from "./consent-token.ts";
import {
  applyCalendarUpdates,
  type CalendarUpdate,
  checkExpandable,
  type StoredResource,
} from "./store-series.ts";
import type { SyncDeps } from "./sync-deps.ts";

const DAY_MS = 86_400_000;

/**
 * What a Microsoft sync reads (decision 040): at most 50 calendars (the default first), and
 * a calendar view from 30 days back to a year ahead — Graph's delta works over a fixed
 * window, so once fewer than 330 days of it lie ahead, the next sync starts a new round
 * over a fresh window. At most 20,000 Graph events per sync and the 5,000-series cap of
 * every kind (here one series per instance).
 */
export const MICROSOFT_LIMITS = {
  calendars: 50,
  itemsPerSync: 20_000,
  backDays: 30,
  aheadDays: 365,
  renewWhenAheadBelowDays: 330,
} as const;

/** The stored cursor of one calendar: Graph's deltaLink and the end of its window. */
const cursorSchema = z.object({ link: z.string().min(1), until: z.iso.datetime() });
type Cursor = z.infer<typeof cursorSchema>;

function readCursor(raw: string | null | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function requireMicrosoft(deps: SyncDeps): MicrosoftIdentity {
  const config = deps.config.microsoft;
  if (!config)
    throw new GraphApiError(503, "Microsoft 365 calendars are not configured on this server");
  return microsoftIdentity(config, microsoftRedirectUri(deps.config.publicUrl));
}

/**
 * The access token of a connection: the stored one while it is valid, else (and after a
 * 401) a fresh one from the refresh token — which Microsoft rolls, so the new one is sealed
 * back into the connection. A refused refresh token is the plain "connect again" error.
 */
export function microsoftAuth(
  deps: SyncDeps,
  connectionId: string | null,
  creds: Credentials,
): GraphAuth {
  return consentAuth(deps, connectionId, creds, {
    refresh: (token) => requireMicrosoft(deps).refresh(token),
    refused: (message) => new GraphApiError(401, message),
    connectAgain: "Microsoft refused Sage's access to this calendar — connect Microsoft 365 again",
  });
}

/** Graph for credentials; a refreshed token is sealed back into `connectionId` when given. */
export function graphWith(
  deps: SyncDeps,
  connectionId: string | null,
  creds: Credentials,
): GraphCalendarApi {
  const config = deps.config.microsoft;
  if (!config)
    throw new GraphApiError(503, "Microsoft 365 calendars are not configured on this server");
  return graphCalendarApi(config.graphBase, microsoftAuth(deps, connectionId, creds));
}

export function graphForConnection(
  deps: SyncDeps,
  row: { id: string; credentials: string },
): GraphCalendarApi {
  if (!deps.config.calendarKey) throw new Error("CALENDAR_SECRET_KEY is not configured");
  return graphWith(deps, row.id, openCredentials(deps.config.calendarKey, row.credentials));
}

/** Each event's series (in the calendar worker when they are many); unreadable ones left out. */
async function readGraphSeries(
  events: GraphEvent[],
  written: ReadonlyMap<string, string>,
): Promise<Map<string, ExternalSeries>> {
  const texts: { id: string; text: string }[] = [];
  for (const e of events) {
    const text = graphEventText(e, written);
    if (text) texts.push({ id: e.id, text });
  }
  const parsed = await readCalendar({ kind: "parse-each", texts: texts.map((t) => t.text) });
  const out = new Map<string, ExternalSeries>();
  for (const [i, item] of parsed.entries()) {
    if ("series" in item && item.series) out.set(texts[i]!.id, item.series);
  }
  return out;
}

export type MicrosoftCalendarPlan = CalendarUpdate & { primary: boolean };

/**
 * Reads a Microsoft account: its calendars and, per calendar, one delta round — from the
 * stored deltaLink (only what changed), or from nothing over a fresh window (first sync,
 * a 410 from Graph, a window running out). Every series it returns has been checked to
 * expand within the limits. Touches the database only to read the stored cursors.
 */
export async function readMicrosoftAccount(
  deps: SyncDeps,
  api: GraphCalendarApi,
  connectionId: string | null,
): Promise<MicrosoftCalendarPlan[]> {
  const stored = connectionId
    ? await deps.db
        .select()
        .from(connectionCalendars)
        .where(eq(connectionCalendars.connectionId, connectionId))
    : [];
  const cursors = new Map(stored.map((c) => [c.externalId, readCursor(c.syncToken)]));
  // Sage's own blocks, by Graph id: read back under their sage-block UID, never as busy time
  const written = new Map(
    connectionId
      ? (
          await deps.db
            .select({ href: externalWrites.href, uid: externalWrites.uid })
            .from(externalWrites)
            .where(eq(externalWrites.connectionId, connectionId))
        ).map((w) => [w.href, w.uid])
      : [],
  );
  const now = deps.now().getTime();
  const graphBase = deps.config.microsoft?.graphBase ?? "";
  const from = new Date(Math.floor(now / DAY_MS) * DAY_MS - MICROSOFT_LIMITS.backDays * DAY_MS);
  const to = new Date(
    from.getTime() + (MICROSOFT_LIMITS.backDays + MICROSOFT_LIMITS.aheadDays) * DAY_MS,
  );
  const calendars = (await api.calendars())
    .sort((a, b) => Number(b.isDefaultCalendar === true) - Number(a.isDefaultCalendar === true))
    .slice(0, MICROSOFT_LIMITS.calendars);
  const plans: MicrosoftCalendarPlan[] = [];
  let held = 0;
  let series = 0;
  for (const calendar of calendars) {
    const kept = cursors.get(calendar.id);
    // a cursor from another Graph base (MICROSOFT_GRAPH_BASE changed) is never followed, and
    // a window with less than renewWhenAheadBelowDays ahead is read afresh
    const cursor =
      kept?.link.startsWith(`${graphBase}/`) &&
      Date.parse(kept.until) - now > MICROSOFT_LIMITS.renewWhenAheadBelowDays * DAY_MS
        ? kept
        : undefined;
    const fresh = cursor !== undefined;
    let mode: "full" | "delta" = fresh ? "delta" : "full";
    let round: Awaited<ReturnType<GraphCalendarApi["delta"]>>;
    let until = fresh ? cursor.until : to.toISOString();
    try {
      round = await api.delta(calendar.id, { deltaLink: fresh ? cursor.link : null, from, to });
    } catch (error) {
      if (!(error instanceof DeltaExpired)) throw error;
      mode = "full"; // 410: Graph no longer knows the round, start a new one
      until = to.toISOString();
      round = await api.delta(calendar.id, { deltaLink: null, from, to });
    }
    held += round.events.length;
    if (held > MICROSOFT_LIMITS.itemsPerSync) {
      throw new CalendarDataError(
        "This Microsoft account holds more events than Sage reads in one sync",
        "too-large",
      );
    }
    // a round may name an event more than once (changed twice): the last word counts
    const latest = new Map(round.events.map((e) => [e.id, e]));
    const read = await readGraphSeries([...latest.values()], written);
    const resources: StoredResource[] = [];
    const deleted: string[] = [];
    for (const [id, e] of latest) {
      const s = read.get(id);
      if (s) resources.push({ key: id, etag: e["@odata.etag"] ?? null, series: s });
      // removed, cancelled, or no longer readable: whatever was stored for it goes
      else if (mode === "delta") deleted.push(id);
    }
    series += mode === "full" ? resources.length : 0;
    if (series > EXTERNAL_LIMITS.maxSeries) {
      throw new CalendarDataError(
        `This Microsoft account has more than ${EXTERNAL_LIMITS.maxSeries} events; Sage reads at most that many per connection`,
        "too-large",
      );
    }
    plans.push({
      externalId: calendar.id,
      name: (calendar.name ?? "").trim().slice(0, 100) || "Calendar",
      color:
        typeof calendar.hexColor === "string" && /^#[0-9a-f]{6}$/i.test(calendar.hexColor)
          ? calendar.hexColor.toLowerCase()
          : null,
      writable: calendar.canEdit === true,
      primary: calendar.isDefaultCalendar === true,
      syncToken: JSON.stringify({ link: round.deltaLink, until } satisfies Cursor),
      ctag: null,
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

/** Applies what readMicrosoftAccount found, inside the caller's transaction. */
export function applyMicrosoftPlans(
  tx: Db,
  opts: { connectionId: string; userId: string; plans: MicrosoftCalendarPlan[] },
): Promise<void> {
  return applyCalendarUpdates(tx, {
    connectionId: opts.connectionId,
    userId: opts.userId,
    calendars: opts.plans.map(({ primary: _primary, ...update }) => update),
  });
}
