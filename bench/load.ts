/**
 * A mixed workload against the whole API: sign-in, usage, events list and writes, chat turns
 * against an instant fake model, feed fetches — each route on its own for per-route
 * latencies, then all of them at once. Prints req/s, p50/p99 per route, errors (must be 0)
 * and the process's memory at start and end (must stay flat).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load
 *   LOAD_SECONDS=60 LOAD_USERS=500 … for a longer run (defaults: 10 s per phase, 200 users)
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { profiles } from "../src/server/db/schema.ts";
import { type Figures, load, startBenchApp } from "./support.ts";

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const { kind, database, app, url } = await startBenchApp("sage-load");

/**
 * The app trusts one proxy hop (as deployed behind a load balancer) and every request comes
 * from its own client address, as a crowd would; from one address the per-address limits
 * on the public routes would answer 429, which the rate-limit tests cover.
 */
const octet = () => Math.floor(Math.random() * 254) + 1;
const client = () => ({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });

type User = { token: string; feed: string };
const users: User[] = [];
for (let i = 0; i < USERS; i++) {
  // development sign-in answers this computer only: no forwarded client address here
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/dev-login",
    payload: { email: `load-${i}@example.com` },
  });
  const { accessToken, user } = res.json();
  await database.db
    .update(profiles)
    .set({ monthlyUsageLimit: 999_999_999 })
    .where(eq(profiles.id, user.id));
  const headers = { authorization: `Bearer ${accessToken}` };
  for (let e = 0; e < 5; e++) {
    await app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers,
      payload: {
        title: `Seed ${e}`,
        start_time: new Date(Date.now() + (e + 1) * 86_400_000).toISOString(),
      },
    });
  }
  const token = await app.inject({ method: "POST", url: "/api/calendar-token", headers });
  users.push({ token: accessToken, feed: new URL(token.json().feedUrl).pathname });
}

let next = 0;
const pick = () => users[next++ % users.length]!;
const json = { "content-type": "application/json" };
type Req = autocannon.Request;

const ROUTES: Record<string, Req> = {
  "POST /api/auth/dev-login (sign-in)": {
    method: "POST",
    setupRequest: (req) => ({
      ...req,
      path: "/api/auth/dev-login",
      // from this computer, as development sign-in requires (a forwarded address is refused)
      headers: { ...req.headers, ...json },
      body: JSON.stringify({ email: `load-${next++ % USERS}@example.com` }),
    }),
  },
  "GET /api/usage": {
    method: "GET",
    setupRequest: (req) => ({
      ...req,
      path: "/api/usage",
      headers: { ...req.headers, authorization: `Bearer ${pick().token}` },
    }),
  },
  "GET /api/calendar-events": {
    method: "GET",
    setupRequest: (req) => ({
      ...req,
      path: "/api/calendar-events",
      headers: { ...req.headers, authorization: `Bearer ${pick().token}` },
    }),
  },
  "POST /api/calendar-events": {
    method: "POST",
    setupRequest: (req) => ({
      ...req,
      path: "/api/calendar-events",
      headers: { ...req.headers, ...json, authorization: `Bearer ${pick().token}` },
      body: JSON.stringify({
        id: randomUUID(),
        title: "Load test block",
        start_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      }),
    }),
  },
  "POST /api/chat (instant model)": {
    method: "POST",
    setupRequest: (req) => ({
      ...req,
      path: "/api/chat",
      headers: { ...req.headers, ...json, authorization: `Bearer ${pick().token}` },
      body: JSON.stringify({ message: "plan my week" }),
    }),
  },
  "GET /api/calendar/feed/<token>.ics": {
    method: "GET",
    setupRequest: (req) => ({
      ...req,
      path: pick().feed,
      headers: { ...req.headers, ...client() },
    }),
  },
};

const mb = (n: number) => Math.round(n / 1024 / 1024);
const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: mb(m.rss), heap: mb(m.heapUsed) };
};

console.log(
  `load benchmark on ${kind}: ${USERS} users, ${CONNECTIONS} connections, ${SECONDS} s per phase, ${os.cpus().length} cores, node ${process.version}`,
);
const before = memory();
const rows: Figures[] = [];
for (const [name, request] of Object.entries(ROUTES)) {
  rows.push(
    await load(name, { url, connections: CONNECTIONS, duration: SECONDS, requests: [request] }),
  );
}
rows.push(
  await load("mixed (all of the above, round robin)", {
    url,
    connections: CONNECTIONS,
    duration: SECONDS * 3,
    requests: Object.values(ROUTES),
  }),
);
const after = memory();

console.log("\n| route | req/s | p50 ms | p99 ms | errors | non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows) {
  console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
}
console.log(
  `\nmemory (MB, after gc when run with --expose-gc): start rss ${before.rss} heap ${before.heap}; end rss ${after.rss} heap ${after.heap}`,
);
const failed = rows.reduce((n, r) => n + r.errors + r.non2xx, 0);
console.log(failed === 0 ? "errors: 0" : `ERRORS: ${failed}`);

await app.close();
await database.close();
process.exit(failed === 0 ? 0 : 1);
