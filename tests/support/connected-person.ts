import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

type Headers = { headers: Record<string, string> };

/** Sets the signed-in person's time zone (Berlin unless told), as the profile screen does. */
export async function inZone<S extends Headers>(t: TestApp, s: S, zone = "Europe/Berlin") {
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: s.headers,
    payload: { timezone: zone },
  });
  return s;
}

/** Connects the calendar address `url` for the person (201 expected); answers its id. */
export async function connectIcs(t: TestApp, s: Headers, url: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/connections",
    headers: s.headers,
    payload: { kind: "ics", url },
  });
  expect(res.statusCode).toBe(201);
  return res.json().connection.id;
}

/**
 * Adds one high-priority task (3 h unless told) and plans the next 7 days, as the Tasks panel
 * does: answers the task, the blocks placed and the plan's `changes` (what Undo plan sends).
 */
export async function planTask<S extends Headers>(
  t: Pick<TestApp, "app">,
  s: S,
  title: string,
  estimateMinutes = 180,
) {
  const created = await t.app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: s.headers,
    payload: { title, estimateMinutes, priority: "high" },
  });
  expect(created.statusCode).toBe(201);
  const plan = await t.app.inject({
    method: "POST",
    url: "/api/plan",
    headers: s.headers,
    payload: { days: 7 },
  });
  expect(plan.statusCode).toBe(200);
  const body = plan.json();
  return {
    task: created.json().task as { id: string },
    placed: body.placed as { eventId: string; start: string; end: string }[],
    changes: body.changes as { created: string[]; removed: string[] },
  };
}
