import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { DateTime } from "luxon";

/** Fails the test on any serious accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // scan the settled page: a colour caught mid-transition (a button turning enabled) is not
  // what anyone reads, and made the contrast check flaky under load
  await page.addStyleTag({
    content: "*,*::before,*::after{transition:none!important;animation:none!important}",
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Signs in through the development sign-in screen and waits for /chat (via Today on a phone). */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();
  // a phone lands on Today (the day at a glance); these specs go on in the chat
  await expect(page).toHaveURL(/\/(chat|today)$/);
  if (new URL(page.url()).pathname === "/today") {
    await page.getByRole("link", { name: "Chat", exact: true }).click();
    await expect(page).toHaveURL(/\/chat$/);
  }
}

/**
 * Calls the API as the signed-in user (a bearer from the session cookie), expecting success;
 * the JSON answer, or null for 204.
 */
export async function call(page: Page, method: string, url: string, data?: object) {
  const session = await (await page.request.post("/api/auth/refresh")).json();
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

type ApiEvent = Record<string, unknown> & { id: string; version: number };

/** Moves an event to `start` (keeping its length) as the week view does: its own PUT. */
export async function moveTo(page: Page, eventId: string, start: DateTime) {
  const { events } = (await call(page, "GET", "/api/calendar-events")) as { events: ApiEvent[] };
  const e = events.find((x) => x.id === eventId)!;
  const minutes = (Date.parse(String(e.end_time)) - Date.parse(String(e.start_time))) / 60_000;
  await call(page, "PUT", `/api/calendar-events?eventId=${eventId}`, {
    title: e.title,
    description: e.description,
    start_time: start.toUTC().toISO(),
    end_time: start.plus({ minutes }).toUTC().toISO(),
    category: e.category,
    priority: e.priority,
    reminder_minutes: e.reminder_minutes,
    version: e.version,
  });
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

export const test = base;
export { expect };

/**
 * Starts the fitness assessment from /fitness's intro: one tap, even before the prerendered
 * intro's code has hydrated it (the page holds the tap until then, src/web/lib/early-taps.ts).
 */
export async function startAssessment(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Start Assessment" }).click();
  await expect(page.getByText("Question 1 of 4")).toBeVisible();
}
