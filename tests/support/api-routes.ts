import type { RouteOptions } from "fastify";
import type { FitnessAnswers } from "../../src/core/contract/fitness.ts";
import { buildFitnessProgram } from "../../src/core/fitness/build-program.ts";
import { DEFAULT_PLAN_PROFILE } from "../../src/core/plan-profile/seed-plan-profile.ts";

/**
 * The route table: every /api route the app registers is classified here. The security
 * suites (tests/integration/security-*.test.ts) read the app's real routes through the
 * `onRoute` hook and fail when a route is missing from this table, so a new route cannot
 * ship without someone deciding who may call it.
 */
export type RouteSpec = {
  access: "public" | "signed-in";
  /** A valid JSON body (bad-input corpus and forbidden-field tests start from it). */
  body?: () => Record<string, unknown>;
  /** The route reads the body raw (the signed Stripe webhook), outside the JSON parser. */
  rawBody?: true;
  /** The object id travels in this query parameter (the calendar's `?eventId=`). */
  idQuery?: string;
  /** `{}` is a complete, valid body (every field has a default). */
  emptyBodyValid?: true;
};

export const fitnessAnswers: FitnessAnswers = {
  goal: "Build muscle",
  experience: "Intermediate: I exercise once or twice a week",
  availability: "Monday|Tuesday|Thursday|Friday",
  preferences: "Dumbbells at home, I like cycling",
};

export const productivityAnswers = {
  struggle: "focus",
  peak_time: "morning",
  typical_day: "remote_flexible",
  work_style: "deep_work",
  avoidance: "last_minute",
  additional_info: "",
};

export const calendarEvent = () => ({
  title: "Team sync",
  start_time: "2030-01-15T09:00:00Z",
  end_time: "2030-01-15T10:00:00Z",
  reminder_minutes: 15,
  priority: "medium",
});

const task = () => ({
  title: "Write the report",
  estimateMinutes: 60,
  deadline: "2030-01-15T17:00:00Z",
  priority: "high",
});

export const routine = () => ({
  title: "Gym",
  minutes: 60,
  timesPerWeek: 3,
  days: ["MO", "TU", "WE", "TH", "FR"],
  window: { from: "06:00", to: "09:00" },
  energy: "high",
});

export const API_ROUTES: Record<string, RouteSpec> = {
  // --- public -----------------------------------------------------------------------
  "GET /api/meta": { access: "public" },
  "GET /api/plans": { access: "public" },
  "GET /api/sage-votes": { access: "public" },
  "POST /api/sage-votes": { access: "public", body: () => ({ sageId: "fitness" }) },
  "POST /api/productivity/generate": { access: "public", body: () => ({ ...productivityAnswers }) },
  "POST /api/fitness/generate": {
    access: "public",
    body: () => ({ answers: { ...fitnessAnswers } }),
  },
  "POST /api/onboarding/questions": { access: "public", body: () => ({ domain: "fitness" }) },
  "POST /api/onboarding/context": {
    access: "public",
    body: () => ({ domain: "fitness", answers: { "What is your goal?": "Run a 10k" } }),
  },
  "GET /api/auth/google": { access: "public" },
  "GET /api/auth/google/callback": { access: "public" },
  "POST /api/auth/dev-login": {
    access: "public",
    body: () => ({ email: "corpus@example.com" }),
  },
  "POST /api/auth/refresh": { access: "public" },
  "POST /api/auth/logout": { access: "public" },
  "GET /api/calendar/feed/:file": { access: "public" },
  "POST /api/connections/google/notify": { access: "public" },
  "POST /api/connections/microsoft/notify": { access: "public" },
  "POST /api/connections/microsoft/lifecycle": { access: "public" },
  "POST /api/stripe/webhook": {
    access: "public",
    rawBody: true,
  },

  // --- signed in --------------------------------------------------------------------
  "POST /api/ensure-profile": { access: "signed-in" },
  "GET /api/profile": { access: "signed-in" },
  "GET /api/usage": { access: "signed-in" },
  "POST /api/chat": { access: "signed-in", body: () => ({ message: "Plan my Monday" }) },
  "GET /api/conversations": { access: "signed-in" },
  "GET /api/conversations/:id": { access: "signed-in" },
  "PATCH /api/conversations/:id": { access: "signed-in", body: () => ({ title: "Renamed" }) },
  "DELETE /api/conversations/:id": { access: "signed-in" },
  "GET /api/tasks": { access: "signed-in" },
  "POST /api/tasks": { access: "signed-in", body: task },
  "PUT /api/tasks/:id": { access: "signed-in", body: task },
  "DELETE /api/tasks/:id": { access: "signed-in" },
  "GET /api/routines": { access: "signed-in" },
  "POST /api/routines": { access: "signed-in", body: routine },
  "PUT /api/routines/:id": { access: "signed-in", body: routine },
  "DELETE /api/routines/:id": { access: "signed-in" },
  "GET /api/domain-contexts": { access: "signed-in" },
  "POST /api/fitness/save": {
    access: "signed-in",
    body: () => ({ answers: { ...fitnessAnswers }, program: buildFitnessProgram(fitnessAnswers) }),
  },
  "GET /api/fitness/program": { access: "signed-in" },
  "POST /api/fitness/program/routines": { access: "signed-in" },
  "POST /api/create-checkout-session": {
    access: "signed-in",
    body: () => ({ priceId: "demo_price_starter" }),
  },
  "POST /api/create-portal-session": {
    access: "signed-in",
    body: () => ({}),
    emptyBodyValid: true,
  },
  "POST /api/verify-payment": { access: "signed-in", body: () => ({ sessionId: "cs_missing" }) },
  "GET /api/demo-billing/sessions/:id": { access: "signed-in" },
  "POST /api/demo-billing/complete": {
    access: "signed-in",
    body: () => ({ sessionId: "cs_missing" }),
  },
  "POST /api/demo-billing/change-plan": { access: "signed-in", body: () => ({ tier: "pro" }) },
  "POST /api/demo-billing/cancel-subscription": { access: "signed-in" },
  "PATCH /api/profile": { access: "signed-in", body: () => ({ timezone: "Europe/Paris" }) },
  "GET /api/calendar-events": { access: "signed-in" },
  "POST /api/calendar-events": { access: "signed-in", body: calendarEvent },
  "PUT /api/calendar-events": { access: "signed-in", body: calendarEvent, idQuery: "eventId" },
  "DELETE /api/calendar-events": { access: "signed-in", idQuery: "eventId" },
  "POST /api/calendar-token": { access: "signed-in" },
  "GET /api/calendar-token": { access: "signed-in" },
  "POST /api/plan": { access: "signed-in", body: () => ({ days: 7 }), emptyBodyValid: true },
  "GET /api/plan/profile": { access: "signed-in" },
  "POST /api/plan/accept": {
    access: "signed-in",
    body: () => ({ days: 7, accept: [], reject: [] }),
  },
  "POST /api/plan/discard": { access: "signed-in" },
  "PUT /api/plan/profile": { access: "signed-in", body: () => ({ ...DEFAULT_PLAN_PROFILE }) },
  "POST /api/plan/undo": {
    access: "signed-in",
    body: () => ({ created: ["7d8e0b4a-1c8e-4f5a-9a55-3b1c2f0e9d11"], removed: [] }),
  },
  "GET /api/plan/notes": { access: "signed-in" },
  "POST /api/plan/notes/:id/dismiss": { access: "signed-in" },
  "POST /api/plan/notes/:id/undo": { access: "signed-in" },
  "GET /api/today": { access: "signed-in" },
  "POST /api/today/seen": {
    access: "signed-in",
    body: () => ({ through: "2031-03-03T07:00:00.000Z" }),
  },
  "POST /api/check-ins": {
    access: "signed-in",
    body: () => ({ eventId: "7d8e0b4a-1c8e-4f5a-9a55-3b1c2f0e9d11", outcome: "done" }),
  },
  "GET /api/insights": { access: "signed-in" },
  "POST /api/insights/:key": { access: "signed-in", body: () => ({ action: "undo" }) },
  "POST /api/assistant/actions/:id/undo": { access: "signed-in" },
  "POST /api/assistant/actions/:id/accept": { access: "signed-in" },
  "GET /api/booking-links": { access: "signed-in" },
  "POST /api/booking-links": {
    access: "signed-in",
    body: () => ({ title: "Intro call", minutes: 30 }),
  },
  "PUT /api/booking-links/:id": { access: "signed-in", body: () => ({ title: "Intro call" }) },
  "DELETE /api/booking-links/:id": { access: "signed-in" },
  "GET /api/bookings": { access: "signed-in" },
  "POST /api/bookings/:id/cancel": { access: "signed-in" },
  "GET /api/book/:slug": { access: "public" },
  "POST /api/book/:slug": {
    access: "public",
    body: () => ({ start: "2031-03-04T14:00:00.000Z", name: "Ana", email: "ana@example.com" }),
  },
  "GET /api/book/:slug/bookings/:id": { access: "public" },
  "GET /api/connections": { access: "signed-in" },
  "POST /api/connections": {
    access: "signed-in",
    body: () => ({ kind: "ics", url: "https://calendar.example/basic.ics" }),
  },
  "PATCH /api/connections/:id": { access: "signed-in", body: () => ({ name: "Work" }) },
  "POST /api/connections/:id/sync": { access: "signed-in" },
  "DELETE /api/connections/:id": { access: "signed-in" },
  // a plain link: it only sends the browser on to the hop below, where the session cookie goes
  "GET /api/connections/google/start": { access: "public" },
  // known by the session cookie (a navigation carries no bearer token)
  "GET /api/auth/google/calendar": { access: "signed-in" },
  // the person is named by the signed, single-use flow cookie the start set, not a bearer
  "GET /api/connections/google/callback": { access: "public" },
  // Microsoft 365: the same three steps as Google
  "GET /api/connections/microsoft/start": { access: "public" },
  "GET /api/auth/microsoft/calendar": { access: "signed-in" },
  "GET /api/connections/microsoft/callback": { access: "public" },
  "GET /api/account/export": { access: "signed-in" },
  "DELETE /api/account": { access: "signed-in", body: () => ({ confirm: true }) },
};

export type ApiRoute = {
  key: string;
  method: string;
  url: string;
  /** The rate limits in the route's preHandlers (see rateLimit's `rateLimitRule`). */
  rateLimits: { name: string; max: number; windowSeconds: number; by: "ip" | "user" }[];
};

/** The app's /api routes as registered, one per method. */
export function apiRoutes(routes: RouteOptions[]): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const route of routes) {
    if (!/^\/api(\/|$)/.test(route.url)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const handlers = [route.preHandler ?? []].flat() as unknown[];
    const rateLimits = handlers.flatMap((h) => {
      const rule = (h as { rateLimitRule?: ApiRoute["rateLimits"][number] }).rateLimitRule;
      return rule ? [rule] : [];
    });
    for (const method of methods) {
      if (method === "HEAD") continue;
      out.push({ key: `${method} ${route.url}`, method, url: route.url, rateLimits });
    }
  }
  return out;
}

/** A concrete URL for a route pattern: every `:param` becomes `value`. */
export const fillParams = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value);

/** The URL that calls `key` on object `id` (path parameter or id query parameter). */
export function urlFor(key: string, id: string): string {
  const url = fillParams(key.split(" ")[1]!, id);
  const idQuery = API_ROUTES[key]?.idQuery;
  return idQuery ? `${url}?${idQuery}=${encodeURIComponent(id)}` : url;
}

/** Does the route act on one object named by the caller (path or query id)? */
export const takesId = (key: string) => /:id\b/.test(key) || Boolean(API_ROUTES[key]?.idQuery);
