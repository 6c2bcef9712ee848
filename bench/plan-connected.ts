/**
 * A plan with three connected calendars beside the same plan without them, in one run
 * (npm run bench:plan:connected): POST /api/plan {days: 28} for two users with the same
 * profile and tasks, one of whom also has three ICS calendars connected (served on
 * loopback, BENCH_EVENTS (300) events each over two years, a fifth repeating weekly for
 * eight weeks, some with an EXDATE). The connections are fresh (synced when added; the run
 * checks that no plan fetched them again), so the plan reads their stored series and
 * expands them into busy time: the cost a plan pays for them. A sync itself is measured by
 * bench/connected-calendar.ts.
 *
 * Uses the test template database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
import http from "node:http";
import os from "node:os";
import { DateTime } from "luxon";
import { startBenchApp } from "./support.ts";

const ZONE = "Europe/Berlin";
const EVENTS_PER_CALENDAR = Number(process.env.BENCH_EVENTS ?? 300);
const TASKS = 40;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const DAYS = 28;

/** One calendar's ICS: meetings on working days over two years, half of them past (as exported). */
function calendarText(calendar: number): string {
  const today = DateTime.now().setZone(ZONE).startOf("day");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//bench//calendar ${calendar}//EN`,
    `X-WR-CALNAME:Bench ${calendar}`,
  ];
  const fmt = (d: DateTime) => d.toFormat("yyyyMMdd'T'HHmmss");
  for (let i = 0; i < EVENTS_PER_CALENDAR; i++) {
    let day = today.plus({ days: Math.floor((i * 730) / EVENTS_PER_CALENDAR) - 365 });
    if (day.weekday > 5) day = day.plus({ days: 8 - day.weekday });
    const start = day.set({ hour: 8 + ((i * 7 + calendar * 3) % 10), minute: (i % 4) * 15 });
    const end = start.plus({ minutes: 30 + (i % 3) * 15 });
    lines.push(
      "BEGIN:VEVENT",
      `UID:bench-${calendar}-${i}@example.com`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART;TZID=${ZONE}:${fmt(start)}`,
      `DTEND;TZID=${ZONE}:${fmt(end)}`,
      `SUMMARY:Meeting ${calendar}.${i}`,
    );
    if (i % 5 === 0) {
      lines.push("RRULE:FREQ=WEEKLY;COUNT=8");
      if (i % 15 === 0) lines.push(`EXDATE;TZID=${ZONE}:${fmt(start.plus({ weeks: 1 }))}`);
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

const texts = [0, 1, 2].map(calendarText);
let fetches = 0;
const server = http.createServer((req, res) => {
  fetches += 1;
  const n = Number(/\/cal-(\d)\.ics$/.exec(req.url ?? "")?.[1]);
  const text = texts[n];
  if (text === undefined) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { "content-type": "text/calendar" });
  res.end(text);
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const bench = await startBenchApp("sage-bench-plan-connected");
const { app } = bench;

async function signIn(label: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/dev-login",
    payload: { email: `bench-${label}-${Date.now()}@example.com` },
  });
  if (res.statusCode !== 200) throw new Error(`dev login: ${res.statusCode} ${res.body}`);
  const headers = { authorization: `Bearer ${res.json().accessToken as string}` };
  await app.inject({ method: "PATCH", url: "/api/profile", headers, payload: { timezone: ZONE } });
  for (let i = 0; i < TASKS; i++) {
    const r = await app.inject({
      method: "POST",
      url: "/api/tasks",
      headers,
      payload: { title: `Task ${i}`, estimateMinutes: 30 + (i % 6) * 30 },
    });
    if (r.statusCode !== 201) throw new Error(`task: ${r.statusCode} ${r.body}`);
  }
  return headers;
}

type Measured = { ms: number; cpuMs: number };
async function measure(fn: () => Promise<unknown>): Promise<Measured> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

try {
  const users = { none: await signIn("none"), three: await signIn("three") };
  for (let n = 0; n < 3; n++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/connections",
      headers: users.three,
      payload: { kind: "ics", url: `${origin}/cal-${n}.ics`, name: `Bench ${n}` },
    });
    if (res.statusCode !== 201) throw new Error(`connect: ${res.statusCode} ${res.body}`);
  }
  const plan = (headers: Record<string, string>) =>
    app.inject({ method: "POST", url: "/api/plan", headers, payload: { days: DAYS } });
  const week = (headers: Record<string, string>) => {
    const from = new Date();
    const to = new Date(from.getTime() + DAYS * 86_400_000);
    return app.inject({
      url: `/api/calendar-events?from=${from.toISOString()}&to=${to.toISOString()}`,
      headers,
    });
  };
  // warm-up, and what each plan sees and places
  const seen: Record<string, { external: number; blocks: number }> = {};
  for (const [label, headers] of Object.entries(users)) {
    const first = await plan(headers);
    if (first.statusCode !== 200) throw new Error(`plan: ${first.statusCode} ${first.body}`);
    await plan(headers);
    const events = (await week(headers)).json().events as { source?: string; task_id?: string }[];
    seen[label] = {
      external: events.filter((e) => e.source === "external").length,
      blocks: events.filter((e) => e.task_id).length,
    };
  }
  const figures: Record<string, Measured[]> = { none: [], three: [] };
  const fetchesBefore = fetches;
  for (let run = 0; run < RUNS; run++) {
    for (const [label, headers] of Object.entries(users)) {
      figures[label]!.push(
        await measure(async () => {
          const r = await plan(headers);
          if (r.statusCode !== 200) throw new Error(`plan: ${r.statusCode}`);
        }),
      );
    }
  }
  if (fetches !== fetchesBefore) throw new Error("a timed plan synced the calendars again");
  const mid = (xs: Measured[], k: keyof Measured) =>
    xs.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${bench.kind}`,
  );
  console.log(
    `POST /api/plan {days: ${DAYS}}, ${TASKS} tasks; median of ${RUNS}, the two users alternating`,
  );
  console.log("| user | connected occurrences in the 28 days | blocks placed | time ms | cpu ms |");
  console.log("|---|---:|---:|---:|---:|");
  for (const label of ["none", "three"] as const) {
    const name =
      label === "none" ? "no connections" : `3 ICS calendars × ${EVENTS_PER_CALENDAR} events`;
    console.log(
      `| ${name} | ${seen[label]!.external} | ${seen[label]!.blocks} | ${mid(figures[label]!, "ms").toFixed(0)} | ${mid(figures[label]!, "cpuMs").toFixed(0)} |`,
    );
  }
  const ratio = (k: keyof Measured) => (mid(figures.three!, k) / mid(figures.none!, k)).toFixed(2);
  console.log(`three ÷ none: ${ratio("ms")}× time, ${ratio("cpuMs")}× cpu`);
} finally {
  server.close();
  await bench.app.close();
  await bench.database.close();
}
