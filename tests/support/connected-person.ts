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
