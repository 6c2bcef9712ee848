import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

/** datetime-local value for tomorrow at `hour`:00 in the browser's zone. */
function tomorrowAt(hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

/** The events the server holds for the signed-in user (through the session cookie). */
async function serverEvents(page: Page): Promise<{ title: string }[]> {
  const session = await (await page.request.post("/api/auth/refresh")).json();
  const res = await page.request.get("/api/calendar-events", {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).events;
}

/** True once the service worker has cached the shell and every script the page loaded. */
function offlineReady(page: Page) {
  return page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return false;
    const assets = performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((n) => new URL(n).pathname.startsWith("/assets/"));
    const hits = await Promise.all(["/index.html", ...assets].map((u) => caches.match(u)));
    return assets.length > 0 && hits.every(Boolean);
  });
}

async function addEvent(page: Page, title: string, hour: number) {
  await page.getByRole("button", { name: "Add event" }).click();
  const dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Start", { exact: true }).fill(tomorrowAt(hour));
  await dialog.getByLabel("End (optional)").fill(tomorrowAt(hour + 1));
  await dialog.getByRole("button", { name: "Save event" }).click();
  await expect(dialog).toBeHidden();
}

async function deleteEvent(page: Page, title: string) {
  await page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
}

test("calendar: add, edit, work offline across a reload, sync exactly once, subscribe", async ({
  page,
  context,
  request,
}) => {
  // the service worker caches the whole build once before going offline: under load that
  // alone has taken over 15 s (a hang guard, not a speed check)
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail("calendar"));
  // /calendar is the calendar (decision 035): the list, and the feed a tab away
  await page.goto("/calendar?view=list");
  const panel = page.getByRole("main");
  await expect(panel.getByText("Online", { exact: true })).toBeVisible();
  await panel.getByRole("tab", { name: "Calendars & feed" }).click();
  await expect(panel.getByLabel("Calendar feed URL")).toHaveValue(/\/api\/calendar\/feed\//);
  await expectAccessible(page);

  // add, with the form's own checks first
  await panel.getByRole("button", { name: "Add event" }).click();
  const dialog = page.getByRole("dialog", { name: "Add event" });
  await expect(dialog.getByLabel("Priority")).toHaveValue("medium");
  await dialog.getByLabel("Recurring event").check();
  await expect(dialog.getByLabel("Frequency")).toHaveValue("WEEKLY");
  await dialog.getByLabel("Recurring event").uncheck();
  await dialog.getByRole("button", { name: "Save event" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await addEvent(page, "Dentist", 9);
  await expect(panel.getByText("Dentist", { exact: true })).toBeVisible();
  await expect(panel.getByText("All changes synced")).toBeVisible();

  // edit
  await panel.getByRole("button", { name: "Edit Dentist" }).click();
  const edit = page.getByRole("dialog", { name: "Edit event" });
  await edit.getByLabel("Title").fill("Dentist (moved)");
  // title, time and repeat come first; the rest waits behind More
  await edit.getByRole("button", { name: /^More/ }).click();
  await edit.getByLabel("Priority").selectOption("high");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(panel.getByText("Dentist (moved)", { exact: true })).toBeVisible();
  await expect(panel.getByText("High priority")).toBeVisible();
  await expect(panel.getByText("All changes synced")).toBeVisible();
  expect((await serverEvents(page)).map((e) => e.title)).toEqual(["Dentist (moved)"]);

  // offline: add and delete, then reload while still offline
  await expect.poll(() => offlineReady(page), { timeout: 30_000 }).toBe(true);
  await context.setOffline(true);
  await expect(panel.getByText("Offline", { exact: true })).toBeVisible();
  await addEvent(page, "Gym", 7);
  await addEvent(page, "Groceries", 17);
  await addEvent(page, "Temporary", 12);
  await deleteEvent(page, "Temporary");
  await deleteEvent(page, "Dentist (moved)");
  await expect(panel.getByText("5 changes waiting to sync")).toBeVisible();
  await panel.getByRole("button", { name: "Sync" }).click();
  await expect(panel.getByRole("alert")).toHaveText("No internet connection");

  await page.reload();
  await expect(panel.getByText("5 changes waiting to sync")).toBeVisible();
  await expect(panel.getByText("Gym", { exact: true })).toBeVisible();
  await expect(panel.getByText("Groceries", { exact: true })).toBeVisible();
  await expect(panel.getByText("Temporary")).toHaveCount(0);
  await expect(panel.getByText("Dentist (moved)")).toHaveCount(0);
  await expect(panel.getByText("Not synced yet")).toHaveCount(2);

  // back online: the queue replays, once
  await context.setOffline(false);
  await expect(panel.getByText("Online", { exact: true })).toBeVisible();
  await expect(panel.getByText("All changes synced")).toBeVisible({ timeout: 15_000 });
  expect((await serverEvents(page)).map((e) => e.title).sort()).toEqual(["Groceries", "Gym"]);

  // the feed: copy its URL and fetch it without signing in
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await panel.getByRole("tab", { name: "Calendars & feed" }).click();
  await expect(panel.getByLabel("Calendar feed URL")).toHaveValue(/\/api\/calendar\/feed\//);
  await panel.getByRole("button", { name: "Copy" }).click();
  await expect(panel.getByText("Copied!")).toBeVisible();
  const feedUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(feedUrl).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await feed.text();
  expect(ics).toContain("X-WR-CALNAME:Sage AI Recommendations\r\n");
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(ics).toContain("SUMMARY:Gym\r\n");
  expect(ics).not.toContain("Dentist");

  // localhost is out of Google's reach: the card says so instead of promising Google Calendar
  await expect(panel.getByText(/^A calendar app on this computer/)).toBeVisible();
  await expect(panel.getByText(/^Subscribe once/)).toHaveCount(0);
  const webcal = feedUrl.replace(/^https?:/, "webcal:");
  await expect(panel.getByRole("link", { name: "Apple Calendar" })).toHaveAttribute("href", webcal);
  await expect(panel.getByRole("link", { name: "Google Calendar" })).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  );
  await expect(panel.getByRole("link", { name: "Download .ics" })).toHaveAttribute(
    "href",
    `${feedUrl}?download=1`,
  );
  await expectAccessible(page);
});

test("signing out clears the calendar's local copy", async ({ page }) => {
  await signIn(page, uniqueEmail("calendar-signout"));
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await addEvent(page, "Private", 10);
  await expect(page.getByText("All changes synced")).toBeVisible();
  await page.getByRole("link", { name: "← Chat" }).click();
  const keys = () =>
    page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sage.calendar.")));
  expect((await keys()).length).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await keys()).toEqual([]);
});
