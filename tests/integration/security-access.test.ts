import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokens } from "../../src/server/auth/access-token.ts";
import {
  calendarConnections,
  conversations,
  domainContexts,
  planNotes,
  profiles,
  tasks,
} from "../../src/server/db/schema.ts";
import type { GoogleSignIn } from "../../src/server/integrations/identity/google.ts";
import {
  API_ROUTES,
  apiRoutes,
  calendarEvent,
  productivityAnswers,
  takesId,
  urlFor,
} from "../support/api-routes.ts";
import { snapshotDatabase } from "../support/db-snapshot.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp["signIn"]>>;

function call(
  key: string,
  opts: { id?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const method = key.split(" ")[0]!;
  const spec = API_ROUTES[key];
  const body = "body" in opts ? opts.body : spec?.body?.();
  return t.app.inject({
    method: method as "GET",
    url: urlFor(key, opts.id ?? randomUUID()),
    headers: opts.headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe("the route table", () => {
  it("classifies every /api route the app registers as public or signed-in", () => {
    const registered = apiRoutes(t.routes).map((r) => r.key);
    expect(registered.length).toBeGreaterThan(20);
    const unclassified = registered.filter((k) => !API_ROUTES[k]);
    expect(unclassified, "add these routes to tests/support/api-routes.ts").toEqual([]);
  });

  it("lists no route the app does not have", () => {
    const registered = new Set(apiRoutes(t.routes).map((r) => r.key));
    expect(Object.keys(API_ROUTES).filter((k) => !registered.has(k))).toEqual([]);
  });

  it("gives every public route a per-address rate limit", () => {
    const unlimited = apiRoutes(t.routes)
      .filter((r) => API_ROUTES[r.key]?.access === "public")
      // a "user" rule counts a public route's anonymous callers per address too
      .filter((r) => r.rateLimits.length === 0)
      .map((r) => r.key);
    expect(unlimited).toEqual([]);
  });
});

describe("every signed-in route refuses a caller without a live session", () => {
  const signedIn = Object.keys(API_ROUTES).filter((k) => API_ROUTES[k]!.access === "signed-in");
  let expired: string;
  let revoked: string;

  beforeAll(async () => {
    const s = await t.signIn();
    const tokens = createAccessTokens(t.config.sessionSecret, t.config.publicUrl.origin);
    const sid = JSON.parse(Buffer.from(s.accessToken.split(".")[1]!, "base64url").toString()).sid;
    expired = await tokens.sign(
      { userId: s.user.id, sessionId: sid, email: s.user.email },
      Date.now() - 60 * 60 * 1000,
    );
    const r = await t.signIn();
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: r.cookie },
    });
    expect(logout.statusCode).toBe(204);
    revoked = r.accessToken;
  });

  const cases: [string, () => Record<string, string>][] = [
    ["no token", () => ({})],
    ["a garbage token", () => ({ authorization: "Bearer not.a.jwt" })],
    ["a wrong scheme", () => ({ authorization: "Basic dXNlcjpwYXNz" })],
    ["an expired token", () => ({ authorization: `Bearer ${expired}` })],
    ["a revoked token", () => ({ authorization: `Bearer ${revoked}` })],
  ];

  for (const [name, headers] of cases) {
    it(`${name} → 401 {error, code} on all ${signedIn.length} routes, nothing stored`, async () => {
      const before = await snapshotDatabase(t.db);
      const answers: Record<string, number> = {};
      for (const key of signedIn) {
        const res = await call(key, { headers: headers() });
        answers[key] = res.statusCode;
        if (res.statusCode === 401) {
          expect(res.json()).toMatchObject({ error: expect.any(String), code: "unauthenticated" });
        }
      }
      expect(Object.entries(answers).filter(([, s]) => s !== 401)).toEqual([]);
      expect(await snapshotDatabase(t.db)).toEqual(before);
    });
  }
});

describe("object-level access: another user's ids are 404 and change nothing", () => {
  let owner: Caller;
  let intruder: Caller;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await t.signIn();
    intruder = await t.signIn();
    const prod = await t.app.inject({
      method: "POST",
      url: "/api/productivity/generate",
      headers: owner.headers,
      payload: productivityAnswers,
    });
    expect(prod.json().saved).toBe(true);
    const [ctxRow] = await t.db
      .select()
      .from(domainContexts)
      .where(eq(domainContexts.userId, owner.user.id));
    ids.domainContext = ctxRow!.id;
    const chat = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: owner.headers,
      payload: { message: "Plan my week", domainContextId: ids.domainContext },
    });
    expect(chat.statusCode).toBe(200);
    ids.conversation = chat.json().conversationId;
    const acted = await t.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: owner.headers,
      payload: { message: "add dentist Tuesday 3pm" },
    });
    ids.action = acted.json().actions[0].id;
    const task = await call("POST /api/tasks", { headers: owner.headers });
    expect(task.statusCode).toBe(201);
    ids.task = task.json().task.id;
    const routine = await call("POST /api/routines", { headers: owner.headers });
    expect(routine.statusCode).toBe(201);
    ids.routine = routine.json().routine.id;
    const planned = await call("POST /api/plan", { headers: owner.headers });
    ids.block = planned.json().placed[0].eventId;
    const checkout = await call("POST /api/create-checkout-session", { headers: owner.headers });
    expect(checkout.statusCode).toBe(200);
    ids.checkout = new URL(checkout.json().url).searchParams.get("session_id")!;
    const event = await call("POST /api/calendar-events", {
      headers: owner.headers,
      body: { ...calendarEvent(), id: randomUUID(), title: "Owner's secret meeting" },
    });
    expect(event.statusCode).toBe(201);
    ids.event = event.json().event.id;
    const [connection] = await t.db
      .insert(calendarConnections)
      .values({
        userId: owner.user.id,
        kind: "ics",
        name: "Owner's work",
        credentials: "v1.sealed",
      })
      .returning();
    ids.connection = connection!.id;
    const [note] = await t.db
      .insert(planNotes)
      .values({ userId: owner.user.id, kind: "removed_in_calendar", title: "Owner's block" })
      .returning();
    ids.planNote = note!.id;
    const link = await call("POST /api/booking-links", {
      headers: owner.headers,
      body: {
        title: "Owner's calls",
        minutes: 30,
        allowPeak: true,
        noticeMinutes: 0,
        days: [1, 2, 3, 4, 5, 6, 7],
        hours: { from: "00:00", to: "24:00" },
      },
    });
    expect(link.statusCode).toBe(201);
    ids.bookingLink = link.json().link.id;
    const slug = link.json().link.slug;
    const slots = await t.app.inject({ method: "GET", url: `/api/book/${slug}` });
    const booked = await t.app.inject({
      method: "POST",
      url: `/api/book/${slug}`,
      payload: { start: slots.json().slots[0].start, name: "Guest", email: "guest@example.com" },
    });
    expect(booked.statusCode).toBe(201);
    ids.booking = booked.json().booking.id;
  });

  /** Which owned object each id-taking route family is called with. */
  const objectFor = (url: string): string | undefined => {
    if (url.startsWith("/api/conversations/")) return ids.conversation;
    if (url.startsWith("/api/tasks/")) return ids.task;
    if (url.startsWith("/api/routines/")) return ids.routine;
    if (url.startsWith("/api/demo-billing/sessions/")) return ids.checkout;
    if (url.startsWith("/api/assistant/actions/")) return ids.action;
    if (url === "/api/calendar-events") return ids.event;
    if (url.startsWith("/api/connections/")) return ids.connection;
    if (url.startsWith("/api/plan/notes/")) return ids.planNote;
    if (url.startsWith("/api/booking-links/")) return ids.bookingLink;
    if (url.startsWith("/api/bookings/")) return ids.booking;
    return undefined;
  };

  it("every signed-in route that takes an id is called with the owner's object → 404", async () => {
    const idRoutes = apiRoutes(t.routes).filter(
      (r) => takesId(r.key) && API_ROUTES[r.key]?.access === "signed-in",
    );
    expect(idRoutes.length).toBeGreaterThanOrEqual(8);
    const uncovered = idRoutes.filter((r) => !objectFor(r.url)).map((r) => r.key);
    expect(uncovered, "say which object these routes take").toEqual([]);
    const before = await snapshotDatabase(t.db);
    for (const r of idRoutes) {
      const res = await call(r.key, { id: objectFor(r.url)!, headers: intruder.headers });
      expect([r.key, res.statusCode]).toEqual([r.key, 404]);
      expect(res.json().code).toBe("not_found");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("creating an event under the owner's id is refused without revealing or changing it", async () => {
    const before = await snapshotDatabase(t.db);
    const res = await call("POST /api/calendar-events", {
      headers: intruder.headers,
      body: { ...calendarEvent(), id: ids.event, title: "Hijacked" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain("secret meeting");
    const list = await call("GET /api/calendar-events", { headers: intruder.headers });
    expect(list.body).not.toContain(ids.event!);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("ids in bodies and queries are checked against the caller too", async () => {
    const before = await snapshotDatabase(t.db);
    const as = { headers: intruder.headers };
    const cases: [string, unknown][] = [
      ["POST /api/chat", { message: "hi", conversationId: ids.conversation }],
      ["POST /api/chat", { message: "hi", domainContextId: ids.domainContext }],
      ["POST /api/verify-payment", { sessionId: ids.checkout }],
      ["POST /api/demo-billing/complete", { sessionId: ids.checkout }],
      ["POST /api/check-ins", { eventId: ids.event, outcome: "done" }],
      ["POST /api/check-ins", { eventId: ids.block, outcome: "done" }],
    ];
    for (const [key, body] of cases) {
      const res = await call(key, { ...as, body });
      expect([key, res.statusCode]).toEqual([key, 404]);
    }
    const list = await t.app.inject({
      method: "GET",
      url: `/api/conversations?domainContextId=${ids.domainContext}`,
      headers: intruder.headers,
    });
    expect(list.json().conversations).toEqual([]);
    for (const url of [
      "/api/conversations",
      "/api/tasks",
      "/api/domain-contexts",
      "/api/routines",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: intruder.headers });
      expect(JSON.stringify(res.json())).not.toMatch(
        new RegExp(`${ids.conversation}|${ids.task}|${ids.domainContext}|${ids.routine}`),
      );
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("the owner still has everything", async () => {
    const get = await t.app.inject({
      method: "GET",
      url: `/api/conversations/${ids.conversation}`,
      headers: owner.headers,
    });
    expect(get.statusCode).toBe(200);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, ids.task!));
    expect(task?.userId).toBe(owner.user.id);
  });
});

describe("fields a user must not set are refused or ignored on every write", () => {
  const FORBIDDEN = {
    subscription_tier: "pro",
    subscriptionTier: "pro",
    monthly_usage_limit: 1_000_000,
    monthlyUsageLimit: 1_000_000,
    monthly_usage: -1000,
    monthlyUsage: -1000,
    stripe_customer_id: "cus_attacker",
    stripeCustomerId: "cus_attacker",
    stripe_subscription_id: "sub_attacker",
    user_id: "",
    userId: "",
    customerId: "cus_attacker",
    role: "admin",
  };
  /** Routes whose legitimate purpose is to change the plan (demo billing only). */
  const CHANGES_PLAN = new Set(["POST /api/demo-billing/change-plan"]);

  it("no write lets the caller change their plan, limits, usage, Stripe ids or ownership", async () => {
    const victim = await t.signIn();
    const victimBefore = await snapshotDatabase(t.db);
    const writes = Object.keys(API_ROUTES).filter(
      (k) => API_ROUTES[k]!.body && !API_ROUTES[k]!.rawBody,
    );
    expect(writes.length).toBeGreaterThan(10);
    const outcomes: string[] = [];
    for (const key of writes) {
      const caller = await t.signIn();
      const [before] = await t.db.select().from(profiles).where(eq(profiles.id, caller.user.id));
      const body = { ...API_ROUTES[key]!.body!() };
      for (const [field, value] of Object.entries(FORBIDDEN)) {
        if (!(field in body)) body[field] = value === "" ? victim.user.id : value;
      }
      const res = await call(key, { headers: caller.headers, body });
      expect(res.statusCode, key).toBeLessThan(500);
      outcomes.push(`${key} → ${res.statusCode}`);
      const [after] = await t.db.select().from(profiles).where(eq(profiles.id, caller.user.id));
      if (!after) continue; // DELETE /api/account removed the caller, and only the caller
      if (!CHANGES_PLAN.has(key))
        expect(after.subscriptionTier, key).toBe(before!.subscriptionTier);
      expect(after.monthlyUsageLimit, key).toBe(before!.monthlyUsageLimit);
      expect(after.monthlyUsage, key).toBeGreaterThanOrEqual(before!.monthlyUsage);
      expect(after.stripeCustomerId ?? null, key).not.toBe("cus_attacker");
      expect(after.stripeSubscriptionId ?? null, key).not.toBe("sub_attacker");
    }
    // nothing was created for, or changed in, the victim's account
    const victimRows = async () => {
      const snap = await snapshotDatabase(t.db);
      return Object.fromEntries(
        Object.entries(snap).map(([table, rows]) => [
          table,
          rows.filter((r) => r.includes(victim.user.id)),
        ]),
      );
    };
    const filteredBefore = Object.fromEntries(
      Object.entries(victimBefore).map(([table, rows]) => [
        table,
        rows.filter((r) => r.includes(victim.user.id)),
      ]),
    );
    expect(await victimRows()).toEqual(filteredBefore);
    expect(outcomes.length).toBe(writes.length);
  });

  it("a task or conversation is always owned by the caller, whatever the body says", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const res = await call("POST /api/tasks", {
      headers: a.headers,
      body: { title: "Mine", estimateMinutes: 30, userId: b.user.id },
    });
    expect(res.statusCode).toBe(400);
    const chat = await call("POST /api/chat", {
      headers: a.headers,
      body: { message: "hello" },
    });
    const [conv] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, chat.json().conversationId));
    expect(conv?.userId).toBe(a.user.id);
  });
});

describe("cookies and cross-site requests", () => {
  it("refresh, logout and dev-login refuse a cross-site Origin and change nothing", async () => {
    const s = await t.signIn();
    const before = await snapshotDatabase(t.db);
    for (const url of ["/api/auth/refresh", "/api/auth/logout", "/api/auth/dev-login"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie: s.cookie, origin: "https://evil.example" },
        ...(url.endsWith("dev-login") ? { payload: { email: "x@example.com" } } : {}),
      });
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json()).toMatchObject({ code: "forbidden" });
      expect(res.cookies.find((c) => c.name === "sage_session")).toBeUndefined();
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
    // the session survived the cross-site logout
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { cookie: s.cookie, origin: t.config.publicUrl.origin },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("behind https every cookie is Secure, httpOnly and SameSite, and HSTS is on", async () => {
    const google = {
      start: async () => ({
        url: new URL("https://accounts.example/authorize?x=1"),
        flow: { state: "state-1", nonce: "nonce-1", verifier: "verifier-1" },
      }),
      finish: async () => ({
        sub: "google-sub-1",
        email: "secure@example.com",
        emailVerified: true,
      }),
    } as unknown as GoogleSignIn;
    const https = await createTestApp({
      env: {
        PUBLIC_URL: "https://sage.example.com",
        GOOGLE_CLIENT_ID: "client",
        GOOGLE_CLIENT_SECRET: "secret",
      },
      google,
    });
    try {
      const start = await https.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(start.statusCode).toBe(302);
      expect(String(start.headers["strict-transport-security"])).toMatch(/max-age=\d+/);
      const flow = start.cookies.find((c) => c.name === "sage_oidc")!;
      const done = await https.app.inject({
        method: "GET",
        url: "/api/auth/google/callback?code=abc&state=state-1",
        headers: { cookie: `sage_oidc=${flow.value}` },
      });
      expect(done.headers.location).toBe("/chat");
      const votes = await https.app.inject({ method: "GET", url: "/api/sage-votes" });
      const cookies = [...start.cookies, ...done.cookies, ...votes.cookies].filter(
        (c) => c.value !== "",
      );
      expect(cookies.map((c) => c.name).sort()).toEqual([
        "sage_oidc",
        "sage_session",
        "sage_signed_in",
        "sage_voter",
      ]);
      for (const c of cookies) {
        // the signed-in hint is readable by the page on purpose, so it may hold no secret
        const readable = c.name === "sage_signed_in";
        expect([c.name, c.secure, Boolean(c.httpOnly), c.sameSite]).toEqual([
          c.name,
          true,
          !readable,
          "Lax",
        ]);
        if (readable) expect(c.value).toBe("1");
      }
      const csp = String(done.headers["content-security-policy"]);
      expect(csp).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
  });

  it("the CSP allows scripts only from our own origin, never inline or eval", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/meta" });
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // no inline or eval'd script; inline styles are allowed (docs/decisions, Radix dialogs)
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });
});
