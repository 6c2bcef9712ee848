/**
 * Signed-in reads beside the one-query floor (issue 20): a bare Fastify route that runs one
 * primary-key query on the same database handle is the least a database-backed route can
 * cost; a signed-in read checks the session and runs its own query, so ~0.5 of the floor is
 * the ceiling. `TEST_DATABASE_URL` selects PostgreSQL (the production database).
 *
 * The server (the API and the floor) runs in a child process (signed-in-reads-server.ts)
 * and autocannon here, so the load generator does not share the server's event loop. This
 * machine is noisy, so each route is measured in ROUNDS pairs with its floor, the order
 * alternating (floor then route, route then floor, …) after a warm-up of both; the ratio
 * printed is the median of the pairs' ratios.
 */
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { type Figures, load } from "./support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const only = process.env.BENCH_ONLY; // a substring of a route's name

type Ready = { kind: string; url: string; floorUrl: string; tokens: string[]; week: string };
const server = fork(path.join(import.meta.dirname, "signed-in-reads-server.ts"), [], {
  execArgv: ["--import", "tsx", ...(process.env.BENCH_SERVER_ARGS?.split(" ") ?? [])],
  stdio: "inherit",
});
const ready = await new Promise<Ready>((resolve, reject) => {
  server.once("message", (m) => resolve(m as Ready));
  server.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
});
const { kind, url, floorUrl, tokens, week } = ready;

let next = 0;
const bearer = (req: autocannon.Request) => ({
  ...req,
  headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
});
const signedIn = (route: string): autocannon.Options => ({
  url: `${url}${route}`,
  requests: [{ method: "GET", setupRequest: bearer }],
});

const from = new Date(`${week}T00:00:00Z`);
const to = new Date(from.getTime() + 7 * 86_400_000);
// the same week moved by a second per request: never answered from the ranged-list cache
let shift = 0;
const uncachedWeek: autocannon.Options = {
  url,
  requests: [
    {
      method: "GET",
      setupRequest: (req: autocannon.Request) => {
        const start = new Date(from.getTime() + (shift++ % 3600) * 1000);
        const end = new Date(start.getTime() + 7 * 86_400_000);
        return {
          ...bearer(req),
          path: `/api/calendar-events?from=${start.toISOString()}&to=${end.toISOString()}`,
        };
      },
    },
  ],
};

const routes: [string, autocannon.Options][] = [
  ["GET /api/usage", signedIn("/api/usage")],
  [
    "GET /api/calendar-events (a week)",
    signedIn(`/api/calendar-events?from=${from.toISOString()}&to=${to.toISOString()}`),
  ],
  ["GET /api/calendar-events (a week, a new range each time)", uncachedWeek],
  ["GET /api/tasks", signedIn("/api/tasks")],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const floorOptions: autocannon.Options = { url: floorUrl };
const seconds = (s: number) => ({ duration: s });

console.log(
  `signed-in reads on ${kind}, ${tokens.length} users, ${os.cpus().length} cores, node ${process.version}, ` +
    `${ROUNDS} rounds of ${process.env.BENCH_SECONDS ?? 8} s, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
);
const summary: string[] = [];
for (const [name, options] of routes) {
  if (only && !name.includes(only)) continue;
  await load("warm-up", { ...floorOptions, ...seconds(WARMUP_SECONDS) });
  await load("warm-up", { ...options, ...seconds(WARMUP_SECONDS) });
  const pairs: { floor: Figures; route: Figures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const floor = await load("floor", floorOptions);
      pairs.push({ floor, route: await load(name, options) });
    } else {
      const route = await load(name, options);
      pairs.push({ route, floor: await load("floor", floorOptions) });
    }
  }
  console.log(`\n${name}`);
  console.log(
    "| round | floor req/s | route req/s | route p50 ms | route p99 ms | ratio | errors | non-2xx |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  pairs.forEach(({ floor, route }, i) => {
    const bad = floor.errors + route.errors;
    const non2xx = floor.non2xx + route.non2xx;
    console.log(
      `| ${i + 1} | ${floor.rps} | ${route.rps} | ${route.p50} | ${route.p99} | ${(route.rps / floor.rps).toFixed(2)} | ${bad} | ${non2xx} |`,
    );
  });
  const ratio = median(pairs.map((p) => p.route.rps / p.floor.rps));
  summary.push(
    `| ${name} | ${median(pairs.map((p) => p.floor.rps))} | ${median(pairs.map((p) => p.route.rps))} | ${ratio.toFixed(2)} |`,
  );
}
console.log(`\nmedians (load now ${os.loadavg()[0]!.toFixed(1)})`);
console.log("| route | floor req/s | route req/s | median ratio |");
console.log("|---|---:|---:|---:|");
for (const line of summary) console.log(line);

server.send("stop");
await new Promise((resolve) => server.once("exit", resolve));
