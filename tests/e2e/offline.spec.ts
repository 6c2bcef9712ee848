import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

// The app after being offline (issue 14): Playwright's offline mode, the built app and its
// service worker, so a reload offline is what a person gets.

/** Calls the API as the signed-in page would (through its session cookie). */
async function callApi(page: Page, path: string, body?: unknown): Promise<unknown> {
  const session = await (await page.request.post("/api/auth/refresh")).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const res =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  expect(res.ok()).toBe(true);
  return res.json();
}

async function serverEventTitles(page: Page): Promise<string[]> {
  const { events } = (await callApi(page, "/api/calendar-events")) as {
    events: { title: string }[];
  };
  return events.map((e) => e.title).sort();
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

const banner = (page: Page) => page.getByRole("status").filter({ hasText: "You're offline" });

test("chat reloaded offline shows what it knew, enforces the limit, and recovers by itself", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail("offline-chat"));
  await callApi(page, "/api/onboarding/context", {
    domain: "productivity",
    answers: { "When do you do your best work?": "In the morning" },
  });
  const box = page.getByRole("textbox", { name: "Message" });
  for (let i = 1; i <= 15; i++) {
    await box.fill(`message number ${i}`);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(`${i} of 15 this month`)).toBeVisible();
  }
  await page.reload();
  const sidebar = page.getByRole("complementary", { name: "Chat navigation" });
  await expect(sidebar.getByText("productivity assistant")).toBeVisible();
  await expect(sidebar.getByText("message number 1", { exact: true })).toBeVisible();
  await expect.poll(() => offlineReady(page), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();
  await page.reload();
  await expect(banner(page)).toBeVisible();
  // what is not known is not shown as 'none'
  await expect(sidebar.getByText("Shows when you're back online.")).toHaveCount(2);
  await expect(sidebar.getByText("Answer 5 questions")).toHaveCount(0);
  await expect(sidebar.getByText("No conversations yet")).toHaveCount(0);
  // the last known allowance still holds
  await expect(sidebar.getByText("15 of 15 this month")).toBeVisible();
  // …said as what it was when last seen online, not as the count now
  await expect(sidebar.getByText(/^As last seen online \(.+\)$/)).toBeVisible();
  await expect(page.getByPlaceholder("Upgrade to keep chatting")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("chat-offline.png") });
  await expectAccessible(page);

  // back online: everything is asked again, no reload needed
  await context.setOffline(false);
  await expect(banner(page)).toBeHidden();
  await expect(sidebar.getByText("productivity assistant")).toBeVisible({ timeout: 10_000 });
  await expect(sidebar.getByText("message number 1", { exact: true })).toBeVisible();
  await expect(sidebar.getByText("15 of 15 this month")).toBeVisible();
  await expect(sidebar.getByText(/As last seen online/)).toHaveCount(0);
  await expect(page.getByPlaceholder("Upgrade to keep chatting")).toBeDisabled();
});

test("calendar changes made offline reach the server from any page, once", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail("offline-calendar"));
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  const panel = page.getByRole("main");
  await expect(panel.getByText("Online", { exact: true })).toBeVisible();
  await expect.poll(() => offlineReady(page), { timeout: 30_000 }).toBe(true);

  // reconnect while elsewhere in the app: the shell replays the queue
  await context.setOffline(true);
  await page.getByRole("button", { name: "Add event" }).click();
  const dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByLabel("Title").fill("Gym");
  await dialog.getByRole("button", { name: "Save event" }).click();
  await expect(panel.getByText("1 change waiting to sync")).toBeVisible();
  await page.getByRole("link", { name: "← Chat" }).click();
  await page.getByRole("link", { name: "Sage home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.setOffline(false);
  await expect.poll(() => serverEventTitles(page), { timeout: 10_000 }).toEqual(["Gym"]);

  // changes left queued when the app was closed go when it opens again, on any page
  await page.goto("/chat");
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await context.setOffline(true);
  await page.getByRole("button", { name: "Add event" }).click();
  await dialog.getByLabel("Title").fill("Groceries");
  await dialog.getByRole("button", { name: "Save event" }).click();
  await expect(panel.getByText("1 change waiting to sync")).toBeVisible();
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto("/privacy");
  await expect
    .poll(() => serverEventTitles(next), { timeout: 10_000 })
    .toEqual(["Groceries", "Gym"]);
  await next.waitForTimeout(500); // nothing more arrives (exactly once)
  expect(await serverEventTitles(next)).toEqual(["Groceries", "Gym"]);
});

test("sending offline is off with the reason shown; a failed send keeps the text and retries", async ({
  page,
  context,
}) => {
  await signIn(page, uniqueEmail("offline-send"));
  const box = page.getByRole("textbox", { name: "Message" });
  const send = page.getByRole("button", { name: "Send" });
  await box.fill("Plan my Tuesday");
  await context.setOffline(true);
  await expect(send).toBeDisabled();
  await expect(
    page.getByText("You're offline. You can send when the connection is back."),
  ).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await expectAccessible(page);
  await box.press("Enter");
  await expect(box).toHaveValue("Plan my Tuesday");

  // online, but the request fails on the way: the text comes back, with Retry
  await context.setOffline(false);
  await expect(send).toBeEnabled();
  await page.route("**/api/chat", (route) => route.abort("internetdisconnected"));
  await send.click();
  const alert = page.getByRole("alert").filter({ hasText: "Sage could not be reached" });
  await expect(alert).toBeVisible();
  await expect(box).toHaveValue("Plan my Tuesday");
  await page.unroute("**/api/chat");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("1 of 15 this month")).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(
    page.getByRole("list", { name: "Messages" }).getByText("Plan my Tuesday"),
  ).toHaveCount(1);
});

test("over 4,000 characters Send is off and the text stays", async ({ page }) => {
  await signIn(page, uniqueEmail("too-long"));
  const box = page.getByRole("textbox", { name: "Message" });
  const send = page.getByRole("button", { name: "Send" });
  const text = "é".repeat(4001); // one code point each, as the server counts
  await box.fill(text);
  await expect(send).toBeDisabled();
  await expect(
    page.getByText("Message is too long. Please keep it under 4000 characters."),
  ).toBeVisible();
  await box.press("Enter");
  await expect(box).toHaveValue(text);
  await box.press("Backspace");
  await expect(send).toBeEnabled();
});

test("a rate-limited session refresh is retried with backoff, never taken as sign-out", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("refresh-429"));
  await expect(page.getByText("0 of 15 this month")).toBeVisible();
  // the next two refreshes answer 429, as when others behind the same address flood it
  let limited = 2;
  await page.route("**/api/auth/refresh", (route) =>
    limited-- > 0
      ? route.fulfill({
          status: 429,
          contentType: "application/json",
          headers: { "retry-after": "1" },
          body: JSON.stringify({ error: "Rate limit exceeded", code: "rate_limited" }),
        })
      : route.continue(),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText("0 of 15 this month")).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  expect(limited).toBeLessThan(0); // both 429s were seen, and the third call went through
});
