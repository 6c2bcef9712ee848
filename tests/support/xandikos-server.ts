import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitForCalDav } from "./local-server.ts";

/**
 * Xandikos has no authentication of its own (it expects a proxy in front to do it) and
 * ignores the Authorization header, so Sage's connection form — user name and password,
 * sent as Basic auth — works with any pair. The tests send these.
 */
export const XANDIKOS_USER = "ada";
export const XANDIKOS_PASSWORD = "any password will do";

/** The principal, and the calendar home `--autocreate` makes under it. */
const PRINCIPAL = `/${XANDIKOS_USER}/`;
export const XANDIKOS_HOME = `${PRINCIPAL}calendars/`;

const mkcalendarBody = (name: string) => `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set>
</C:mkcalendar>`;
const colorBody = (color: string) => `<?xml version="1.0" encoding="utf-8"?>
<D:propertyupdate xmlns:D="DAV:" xmlns:I="http://apple.com/ns/ical/">
  <D:set><D:prop><I:calendar-color>${color}</I:calendar-color></D:prop></D:set>
</D:propertyupdate>`;

/**
 * A second real CalDAV server (Debian's Xandikos, git-backed) on a free loopback port with
 * its own directory, listening on 127.0.0.1 only. `--autocreate` makes the principal
 * (`--current-user-principal /ada/`) and its calendar home `/ada/calendars/`; calendars are
 * made with MKCALENDAR. Discovery from the bare origin works as with any server:
 * /.well-known/caldav redirects to `/`, whose DAV:current-user-principal is /ada/, whose
 * CALDAV:calendar-home-set is /ada/calendars/. Stopped and its directory removed on close.
 */
export async function startXandikos() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sage-xandikos-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let syncReports = 0;
  const start = async () => {
    child = spawn(
      "/usr/bin/xandikos",
      [
        "--directory",
        path.join(dir, "store"),
        "--autocreate",
        "--current-user-principal",
        PRINCIPAL,
        "--listen-address",
        "127.0.0.1",
        "--port",
        String(port),
      ],
      // the DAV XML it reads is logged, to tell which REPORTs Sage sent
      {
        stdio: ["ignore", "pipe", "ignore"],
        env: { ...process.env, XANDIKOS_DUMP_DAV_XML: "1", PYTHONUNBUFFERED: "1" },
      },
    );
    child.stdout!.setEncoding("utf8");
    let dumped = "";
    child.stdout!.on("data", (chunk: string) => {
      // each body is printed as "IN: <xml>" (requests) or "OUT: <xml>" (answers)
      const parts = (dumped + chunk).split(/^(?=IN: |OUT: )/m);
      dumped = parts.pop() ?? "";
      for (const p of parts) if (/^IN: [\s\S]*<(\w+:)?sync-collection\b/.test(p)) syncReports++;
    });
    await waitForCalDav(origin, "Xandikos", child);
  };
  await start();
  const request = (
    method: string,
    pathname: string,
    body?: string,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${origin}${pathname}`, {
      method,
      headers: { "content-type": "text/calendar; charset=utf-8", ...headers },
      ...(body !== undefined ? { body } : {}),
    });
  const href = (calendar: string, file: string) => `${XANDIKOS_HOME}${calendar}/${file}`;
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };

  return {
    origin,
    port,
    request,
    href,
    /** How many RFC 6578 sync-collection REPORTs Xandikos has been sent so far. */
    syncReports: () => syncReports,
    /**
     * MKCALENDAR /ada/calendars/<id>/ with a display name, then the color by PROPPATCH:
     * Xandikos 0.2.8 answers 404 for a calendar-color (and a
     * supported-calendar-component-set) inside MKCALENDAR yet creates the calendar anyway —
     * RFC 4791 §5.3.1 wants all of the body's instructions executed or none. Every
     * Xandikos calendar takes VEVENT, VTODO, VJOURNAL and VFREEBUSY.
     */
    async makeCalendar(id: string, name: string, color: string) {
      const made = await request("MKCALENDAR", `${XANDIKOS_HOME}${id}/`, mkcalendarBody(name), {
        "content-type": "application/xml",
      });
      if (made.status !== 201) throw new Error(`MKCALENDAR ${id}: ${made.status}`);
      const colored = await request("PROPPATCH", `${XANDIKOS_HOME}${id}/`, colorBody(color), {
        "content-type": "application/xml",
      });
      if (colored.status !== 207) throw new Error(`PROPPATCH ${id}: ${colored.status}`);
    },
    async put(calendar: string, file: string, ics: string) {
      const res = await request("PUT", href(calendar, file), ics);
      if (res.status >= 300) throw new Error(`PUT ${file}: ${res.status}`);
    },
    async remove(calendar: string, file: string) {
      const res = await request("DELETE", href(calendar, file));
      if (res.status >= 300 && res.status !== 404) throw new Error(`DELETE ${file}: ${res.status}`);
    },
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Xandikos = Awaited<ReturnType<typeof startXandikos>>;
