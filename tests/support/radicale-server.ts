import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitForCalDav } from "./local-server.ts";

export const RADICALE_USER = "ada";
export const RADICALE_PASSWORD = "correct horse battery";

/**
 * A real CalDAV server (Radicale from Debian) on a free loopback port with its own storage,
 * an htpasswd user and `owner_only` rights. `request` speaks to it as the user, to set up
 * calendars and to read back what Sage wrote.
 */
export async function startRadicale() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sage-radicale-"));
  const port = await freePort();
  mkdirSync(path.join(dir, "storage"));
  writeFileSync(path.join(dir, "users"), `${RADICALE_USER}:${RADICALE_PASSWORD}\n`);
  writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "delay = 0",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "storage")}`,
      "[logging]",
      "level = warning",
      "",
    ].join("\n"),
  );
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("/usr/bin/radicale", ["--config", path.join(dir, "config")], { stdio: "ignore" });
    await waitForCalDav(origin, "Radicale", child);
  };
  await start();
  const auth = `Basic ${Buffer.from(`${RADICALE_USER}:${RADICALE_PASSWORD}`).toString("base64")}`;
  const request = (
    method: string,
    pathname: string,
    body?: string,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${origin}${pathname}`, {
      method,
      headers: { authorization: auth, "content-type": "text/calendar; charset=utf-8", ...headers },
      ...(body !== undefined ? { body } : {}),
    });

  return {
    origin,
    port,
    request,
    /** MKCALENDAR /ada/<id>/ with a display name and color. */
    async makeCalendar(id: string, name: string, color: string, components = "VEVENT") {
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
  <D:set><D:prop>
    <D:displayname>${name}</D:displayname>
    <I:calendar-color>${color}</I:calendar-color>
    <C:supported-calendar-component-set><C:comp name="${components}"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
      const res = await request("MKCALENDAR", `/${RADICALE_USER}/${id}/`, body, {
        "content-type": "application/xml",
      });
      if (res.status !== 201) throw new Error(`MKCALENDAR ${id}: ${res.status}`);
    },
    async put(calendar: string, file: string, ics: string) {
      const res = await request("PUT", `/${RADICALE_USER}/${calendar}/${file}`, ics);
      if (res.status >= 300) throw new Error(`PUT ${file}: ${res.status}`);
    },
    async remove(calendar: string, file: string) {
      await request("DELETE", `/${RADICALE_USER}/${calendar}/${file}`);
    },
    stop: async () => {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
    start,
    close: async function close() {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Radicale = Awaited<ReturnType<typeof startRadicale>>;
