import os from "node:os";
import { eq } from "drizzle-orm";
import { profiles } from "../src/server/db/schema.ts";
import { makeEvents } from "./sample-events.ts";
import { load, printTable, startBareFastify, startBenchApp } from "./support.ts";

const USERS = 50;
const { kind, database, app, url } = await startBenchApp("sage-bench");

const tokens: string[] = [];
for (let i = 0; i < USERS; i++) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/dev-login",
    payload: { email: `bench-${i}@example.com` },
  });
  const { accessToken, user } = res.json();
  await database.db
    .update(profiles)
    .set({ monthlyUsageLimit: 999_999_999 })
    .where(eq(profiles.id, user.id));
  tokens.push(accessToken);
}
// every user has the same 50 events, so each calendar request reads 50 rows
for (const token of tokens) {
  for (const e of makeEvents(50)) {
    const { version: _v, created_at: _c, updated_at: _u, ...fields } = e;
    const res = await app.inject({
      method: "POST",
      url: "/api/calendar-events",
      headers: { authorization: `Bearer ${token}` },
      payload: { ...fields, id: crypto.randomUUID() },
    });
    if (res.statusCode !== 201) throw new Error(`seeding failed: ${res.body}`);
  }
}
const snapshots = {
  usage: (
    await app.inject({ url: "/api/usage", headers: { authorization: `Bearer ${tokens[0]}` } })
  ).body,
  events: (
    await app.inject({
      url: "/api/calendar-events",
      headers: { authorization: `Bearer ${tokens[0]}` },
    })
  ).body,
};
let next = 0;
const authed = () => ({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });

const bare = await startBareFastify(snapshots);
console.log(
  `chat-turn benchmark on ${kind}, ${USERS} users, ${os.cpus().length} cores, node ${process.version}`,
);
const bareUsage = await load("bare GET (usage JSON)", { url: `${bare.url}/bare/usage` });
const usage = await load("GET /api/usage", {
  url: `${url}/api/usage`,
  requests: [
    {
      method: "GET",
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...authed() } }),
    },
  ],
});
const bareEvents = await load("bare GET (50 events JSON)", { url: `${bare.url}/bare/events` });
const events = await load("GET /api/calendar-events (50 events)", {
  url: `${url}/api/calendar-events`,
  requests: [
    {
      method: "GET",
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...authed() } }),
    },
  ],
});
const baseline = await load("bare Fastify POST", {
  url: `${bare.url}/bare`,
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ message: "plan my week" }),
});
const chat = await load("POST /api/chat (instant model)", {
  url: `${url}/api/chat`,
  requests: [
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, ...authed(), "content-type": "application/json" },
        body: JSON.stringify({ message: "plan my week" }),
      }),
    },
  ],
});
printTable([bareUsage, usage], bareUsage);
printTable([bareEvents, events], bareEvents);
printTable([baseline, chat], baseline);

await bare.close();
await app.close();
await database.close();
