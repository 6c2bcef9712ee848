import { DateTime } from "luxon";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { AppMeta } from "../../../../core/contract/auth.ts";
import type { Connection } from "../../../../core/contract/connections.ts";
import { Button, buttonClass } from "../../../components/button.tsx";
import { Field, inputClass } from "../../../components/field.tsx";
import { shortDayLabel } from "../../../lib/date-label.ts";
import { useMeta } from "../../../lib/use-meta.ts";
import {
  useConnectCalendar,
  useConnectedEvents,
  useConnections,
  useDisconnect,
  useSyncConnection,
  useUpdateConnection,
} from "../api/use-connections.ts";

/** Dates and times as the browser's locale writes them, like the chat and the week view. */

const KIND_LABEL: Record<Connection["kind"], string> = {
  ics: "Calendar address",
  caldav: "CalDAV account",
  google: "Google Calendar",
  microsoft: "Microsoft 365 / Outlook",
};

/** What each form field asks for, in the words the form shows when it is refused. */
const FIELD_SENTENCE = {
  ics: { url: "Enter the calendar's address, starting with https:// (or webcal://)" },
  caldav: { url: "Enter the server's address, like caldav.icloud.com or https://…" },
  username: "Enter your user name for this account",
  password: "Enter the password (for iCloud, an app-specific password)",
  name: "Give the calendar a name of at most 100 characters, without special characters",
} as const;

/**
 * The server names the field it refused ("url: url is required", "url must start with
 * https://…"); the form says what to do instead. Other refusals ("Sage cannot fetch this
 * address…", "the server refused the user name or password…") are sentences already.
 */
export function plainConnectError(kind: "ics" | "caldav", message: string): string {
  const field = /^(url|username|password|name)\b/.exec(message)?.[1];
  if (field === "url") return FIELD_SENTENCE[kind].url;
  if (field === "username" || field === "password" || field === "name")
    return FIELD_SENTENCE[field];
  return message;
}

/** An address the server will read: https, http or webcal, or (CalDAV) a bare host name. */
function looksLikeAddress(kind: "ics" | "caldav", raw: string): boolean {
  const value = raw.trim();
  const withScheme = kind === "caldav" && !value.includes("://") ? `https://${value}` : value;
  try {
    const url = new URL(withScheme.replace(/^webcals?:\/\//i, "https://"));
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * "2 events could not be read: “Board, Q4”, “Gym”. Sage plans around the rest." — the
 * calendar was read; these were left out.
 */
export function unreadableLine(u: NonNullable<Connection["unreadable"]>): string {
  const what = u.count === 1 ? "1 event could not be read" : `${u.count} events could not be read`;
  const titles = u.titles.map((t) => `“${t}”`).join(", ");
  const more = u.count > u.titles.length && u.titles.length > 0 ? " and others" : "";
  return `${what}${titles ? `: ${titles}${more}` : ""}. Sage plans around the rest.`;
}

function statusLine(c: Connection, zone: string): string {
  if (c.status === "syncing") return "Syncing…";
  const when = c.lastSyncedAt
    ? `last synced ${DateTime.fromISO(c.lastSyncedAt).setZone(zone).toRelative() ?? "just now"}`
    : "not synced yet";
  const events = `${c.eventCount} ${c.eventCount === 1 ? "event" : "events"}`;
  // how changes reach Sage, truthfully: push only while a channel is live (decision 041)
  const updates =
    c.updates === "push" ? "Updates within seconds (push)" : "Updates every 15 minutes";
  return `${events} · ${when} · ${updates}`;
}

/**
 * What Google's or Microsoft's consent came back with (`?connected=google|microsoft` or
 * `?connectError=…` beside
 * `panel=calendars` on /calendar), read once and removed from the address bar.
 */
function useConsentOutcome(): { ok: boolean; text: string } | null {
  const [outcome] = useState(() => {
    const q = new URLSearchParams(window.location.search);
    if (q.get("connected") === "google") return { ok: true, text: "Google Calendar is connected." };
    if (q.get("connected") === "microsoft")
      return { ok: true, text: "Microsoft 365 / Outlook is connected." };
    const error = q.get("connectError");
    return error ? { ok: false, text: error.slice(0, 200) } : null;
  });
  useEffect(() => {
    if (!outcome) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("connected");
    url.searchParams.delete("connectError");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [outcome]);
  return outcome;
}

/**
 * The calendars Sage can put its blocks in on this server, in words: CalDAV always, Google
 * and Microsoft only where the server is configured for them (unknown yet: CalDAV alone).
 */
export function writableCalendarsText(meta: AppMeta | undefined): string {
  const names = [
    "a CalDAV account",
    ...(meta?.signIn?.google === true ? ["Google Calendar"] : []),
    ...(meta?.connect?.microsoft === true ? ["Microsoft 365"] : []),
  ];
  const last = names.pop() as string;
  return names.length > 0 ? `${names.join(", ")} or ${last}` : last;
}

/**
 * "Connected calendars": the person's real calendars, whose events Sage plans around and
 * shows read only. Add an iCalendar address, a CalDAV account or (when Google sign-in is
 * configured) Google Calendar, choose which calendars count as busy, sync now, disconnect;
 * the next week's connected events are listed.
 */
export function ConnectedCalendarsCard(props: { userId: string; online: boolean; zone: string }) {
  const connections = useConnections(props.userId, props.online);
  const range = useMemo(() => {
    const start = DateTime.now().setZone(props.zone).startOf("day");
    return { from: start.toUTC().toISO()!, to: start.plus({ days: 7 }).toUTC().toISO()! };
  }, [props.zone]);
  const events = useConnectedEvents(props.userId, props.online, range);
  const list = connections.data?.connections ?? [];
  const names = new Map(list.map((c) => [c.id, c.name]));
  const outcome = useConsentOutcome();
  const { data: meta } = useMeta();

  return (
    <section aria-labelledby="connected-heading" className="mt-6 border-t border-stone-200 pt-5">
      <h3 id="connected-heading" className="font-semibold text-stone-900">
        Connected calendars
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Connect the calendar you already use and Sage plans around your real meetings. Sage never
        changes your events; with {writableCalendarsText(meta)} it can put its own blocks in a
        calendar you choose.
      </p>
      {outcome ? (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={`mt-2 text-sm ${outcome.ok ? "text-sage-900" : "text-red-700"}`}
        >
          {outcome.text}
        </p>
      ) : null}
      {connections.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Connected calendars could not be loaded.
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-stone-200">
        {list.map((c) => (
          <ConnectionItem key={c.id} userId={props.userId} connection={c} zone={props.zone} />
        ))}
      </ul>
      {props.online ? <AddConnection userId={props.userId} /> : null}
      {events.data && events.data.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-stone-900">Next 7 days from your calendars</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {events.data.slice(0, 30).map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-2 text-stone-800">
                <span className="font-medium tabular-nums">
                  {e.all_day
                    ? `${shortDayLabel(new Date(e.start_time), { zone: "UTC" })}, all day`
                    : shortDayLabel(new Date(e.start_time), { zone: props.zone }, { time: true })}
                </span>
                <span>{e.title}</span>
                <span className="text-stone-600">
                  · from {names.get(e.connection_id ?? "") ?? "a connected calendar"} (read only)
                  {e.busy === false ? " · free" : ""}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function ConnectionItem(props: { userId: string; connection: Connection; zone: string }) {
  const c = props.connection;
  const sync = useSyncConnection(props.userId);
  const update = useUpdateConnection(props.userId);
  const disconnect = useDisconnect(props.userId);
  const [confirm, setConfirm] = useState(false);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium text-stone-900">{c.name}</p>
          <p className="text-xs text-stone-700">
            {KIND_LABEL[c.kind]} · {statusLine(c, props.zone)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={sync.isPending || c.status === "syncing"}
            onClick={() => sync.mutate(c.id)}
          >
            {sync.isPending ? "Syncing…" : "Sync now"}
          </Button>
          {confirm ? (
            <>
              <Button variant="secondary" onClick={() => disconnect.mutate(c.id)}>
                Yes, disconnect
              </Button>
              <Button variant="ghost" onClick={() => setConfirm(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setConfirm(true)}>
              Disconnect
            </Button>
          )}
        </div>
      </div>
      {c.status === "error" && c.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {c.error}
        </p>
      ) : null}
      {c.unreadable ? (
        <p className="mt-2 text-sm text-amber-900">{unreadableLine(c.unreadable)}</p>
      ) : null}
      {c.calendars.length > 0 ? (
        <fieldset className="mt-2">
          <legend className="text-xs font-medium text-stone-700">Count as busy</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {c.calendars.map((cal) => (
              <label key={cal.id} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  checked={cal.busy}
                  disabled={update.isPending}
                  onChange={(e) =>
                    update.mutate({
                      id: c.id,
                      body: { calendars: [{ id: cal.id, busy: e.target.checked }] },
                    })
                  }
                />
                {cal.color ? (
                  <span
                    aria-hidden
                    className="inline-block size-3 rounded-full"
                    style={{ background: cal.color }}
                  />
                ) : null}
                {cal.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {c.calendars.some((cal) => cal.writable) ? (
        <div className="mt-2">
          <label htmlFor={`write-${c.id}`} className="block text-xs font-medium text-stone-700">
            Put Sage's blocks in
          </label>
          <select
            id={`write-${c.id}`}
            className={`${inputClass} mt-1 max-w-xs`}
            value={c.writeCalendarId ?? ""}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate({ id: c.id, body: { writeCalendarId: e.target.value || null } })
            }
          >
            <option value="">Nowhere (use the feed)</option>
            {c.calendars
              .filter((cal) => cal.writable)
              .map((cal) => (
                <option key={cal.id} value={cal.id}>
                  {cal.name}
                </option>
              ))}
          </select>
        </div>
      ) : null}
    </li>
  );
}

function AddConnection({ userId }: { userId: string }) {
  const connect = useConnectCalendar(userId);
  const { data: meta } = useMeta();
  const [kind, setKind] = useState<"ics" | "caldav" | null>(null);
  const [url, setUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!kind) return;
    const missing = !looksLikeAddress(kind, url)
      ? FIELD_SENTENCE[kind].url
      : kind === "caldav" && !username.trim()
        ? FIELD_SENTENCE.username
        : kind === "caldav" && !password
          ? FIELD_SENTENCE.password
          : null;
    setFormError(missing);
    if (missing) return;
    const body = kind === "ics" ? { kind, url } : { kind, url, username, password };
    connect.mutate(body, {
      onSuccess: () => {
        setKind(null);
        setUrl("");
        setUsername("");
        setPassword("");
      },
    });
  };

  if (!kind) {
    return (
      <div className="mt-3">
        <div className="flex flex-wrap gap-2">
          {/* only where Google sign-in is configured: the consent goes through it */}
          {meta?.signIn?.google === true ? (
            // a plain link: the server knows the person by the session cookie and sends the
            // browser to Google's consent, which comes back to this panel
            <a href="/api/connections/google/start" className={buttonClass("secondary")}>
              Connect Google Calendar
            </a>
          ) : null}
          {meta?.connect?.microsoft === true ? (
            // the same plain link as Google's, to Microsoft's consent
            <a href="/api/connections/microsoft/start" className={buttonClass("secondary")}>
              Connect Microsoft 365 / Outlook
            </a>
          ) : null}
          <Button variant="secondary" onClick={() => setKind("ics")}>
            Add a calendar address
          </Button>
          <Button variant="secondary" onClick={() => setKind("caldav")}>
            Add a CalDAV account
          </Button>
        </div>
        {meta && meta.signIn?.google !== true ? (
          <p className="mt-2 text-xs text-stone-600">
            Google Calendar isn't switched on for this Sage server. Whoever runs it can switch it on
            (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, in the README).
          </p>
        ) : null}
        {meta && meta.connect?.microsoft !== true ? (
          <p className="mt-2 text-xs text-stone-600">
            Microsoft 365 / Outlook isn't switched on for this Sage server. Whoever runs it can
            switch it on (MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET, in the README).
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="mt-3 space-y-3 border-t border-stone-200 pt-3"
      aria-label="Connect a calendar"
    >
      {kind === "ics" ? (
        <Field
          id="connect-url"
          label="Calendar address (iCal)"
          hint="For example Google's “Secret address in iCal format” or an Outlook ICS link. webcal:// works too."
        >
          <input
            id="connect-url"
            className={inputClass}
            value={url}
            required
            inputMode="url"
            autoComplete="off"
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
      ) : (
        <>
          <Field
            id="connect-url"
            label="Server"
            hint="Like caldav.icloud.com, caldav.fastmail.com or your Nextcloud address."
          >
            <input
              id="connect-url"
              className={inputClass}
              value={url}
              required
              inputMode="url"
              autoComplete="off"
              onChange={(e) => setUrl(e.target.value)}
            />
          </Field>
          <Field id="connect-username" label="User name">
            <input
              id="connect-username"
              className={inputClass}
              value={username}
              required
              autoComplete="username"
              onChange={(e) => setUsername(e.target.value)}
            />
          </Field>
          <Field
            id="connect-password"
            label="Password"
            hint="For iCloud, an app-specific password."
          >
            <input
              id="connect-password"
              type="password"
              className={inputClass}
              value={password}
              required
              autoComplete="current-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
        </>
      )}
      {formError || connect.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError ?? plainConnectError(kind, connect.error?.message ?? "")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? "Connecting…" : "Connect"}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setKind(null);
            setFormError(null);
            connect.reset();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
