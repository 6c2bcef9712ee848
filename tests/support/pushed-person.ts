import type { FastifyInstance } from "fastify";
import { createAccessTokens } from "../../src/server/auth/access-token.ts";
import { findOrCreateUserByEmail } from "../../src/server/auth/find-or-create-user.ts";
import { createSession, sessionIdFromCookie } from "../../src/server/auth/sessions.ts";
import type { Config } from "../../src/server/config.ts";
import type { Db } from "../../src/server/db/client.ts";
import { ensureProfile } from "../../src/server/profile/ensure-profile.ts";

/**
 * What push tests (and the freshness bench) share: on a server with a public PUBLIC_URL
 * there is no development sign-in, so a person is made directly; connecting goes through
 * the real consent flow against the loopback provider; and the provider's requests to Sage
 * (validation, notifications) reach the app the way they would reach its public address.
 */

type App = { app: FastifyInstance; db: Db; config: Config };
export type PushedPerson = {
  user: { id: string; email: string };
  headers: { authorization: string };
  session: string;
};

/** A signed-in person in Europe/Berlin: the bearer header and the session cookie. */
export async function pushedPerson(t: App, prefix = "p"): Promise<PushedPerson> {
  const user = await findOrCreateUserByEmail(
    t.db,
    `${prefix}-${Math.random().toString(36).slice(2)}@example.com`,
  );
  await ensureProfile(t.db, user);
  const session = await createSession(t.db, user.id);
  const token = await createAccessTokens(t.config.sessionSecret, t.config.publicUrl.origin).sign({
    userId: user.id,
    sessionId: sessionIdFromCookie(session)!,
    email: user.email,
  });
  const headers = { authorization: `Bearer ${token}` };
  await t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers,
    payload: { timezone: "Europe/Berlin" },
  });
  return { user, headers, session };
}

/**
 * Connects Google or Microsoft through the consent flow (start → the hop that reads the
 * session → the provider's consent → the callback); answers the callback's redirect and the
 * person's first connection.
 */
export async function connectByConsent(t: App, p: PushedPerson, kind: "google" | "microsoft") {
  const link = await t.app.inject({ method: "GET", url: `/api/connections/${kind}/start` });
  const hop = await t.app.inject({
    method: "GET",
    url: link.headers.location as string,
    cookies: { sage_session: p.session },
  });
  const name = kind === "google" ? "sage_gcal" : "sage_mscal";
  const flow = hop.cookies.find((c) => c.name === name)!;
  const consent = await fetch(hop.headers.location as string, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const callback = await t.app.inject({
    method: "GET",
    url: back.pathname + back.search,
    cookies: { [name]: flow.value },
  });
  const list = await t.app.inject({ method: "GET", url: "/api/connections", headers: p.headers });
  return {
    redirect: String(callback.headers.location),
    connection: list.json().connections[0] as { id: string; updates: string },
  };
}

/**
 * A request from the provider to Sage's public address, delivered to the app in-process:
 * the status, body and content type Sage answered.
 */
export async function postToSage(t: Pick<App, "app">, url: string, type: string, body: string) {
  const u = new URL(url);
  const res = await t.app.inject({
    method: "POST",
    url: u.pathname + u.search,
    headers: { "content-type": type },
    payload: body,
  });
  return { status: res.statusCode, body: res.body, type: String(res.headers["content-type"]) };
}

/** Waits until `check` holds (polling every 50 ms), or throws after `ms`. */
export async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out");
}
