import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, expectAccessible, test, uniqueEmail } from "./fixtures.ts";

// The server's clock is real, so "yesterday" is made by looking at the day after the plan's
// first day (/today?date=…): that first day is then yesterday, its unfinished blocks carried
// over. The browser's zone is fixed and stored in the profile, so days are Berlin days.
const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-GB" });

async function call(page: Page, method: string, url: string, data?: object) {
  const session = await (await page.request.post("/api/auth/refresh")).json();
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

const SHAME = /overdue|missed|failed|\blate\b/i;

for (const width of [375, 1280] as const) {
  test(`Today at ${width} px: check in Done and Partly, then yesterday's work carried over kindly`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByLabel("E-mail address").fill(uniqueEmail(`today-${width}`));
    await page.getByRole("button", { name: "Continue with this e-mail" }).click();
    // a phone opens on Today; a desktop keeps the chat, with Today one link away
    await expect(page).toHaveURL(width === 375 ? /\/today$/ : /\/chat$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await call(page, "PATCH", "/api/profile", { timezone: ZONE });
    // about two days of work at the default 5 h a day
    await call(page, "POST", "/api/tasks", { title: "Write the essay", estimateMinutes: 480 });
    const plan = await call(page, "POST", "/api/plan", { days: 7 });
    const days = [
      ...new Set(
        (plan.placed as { start: string }[]).map((b) =>
          DateTime.fromISO(b.start).setZone(ZONE).toISODate(),
        ),
      ),
    ].sort();
    const first = days[0]!;
    const next = DateTime.fromISO(first).plus({ days: 1 }).toISODate()!;

    // the plan's first day: its blocks in order, the load in words; Done, then Partly
    await page.goto(`/today?date=${first}`);
    const day = page.getByRole("region", { name: "Your day" });
    const blocks = day.getByRole("listitem").filter({ hasText: "Write the essay" });
    await expect(blocks.first()).toBeVisible();
    await expect(page.getByText(/^\d+ h( \d\d)? of 5 h planned$/)).toBeVisible();
    await blocks.nth(0).getByRole("button", { name: "Done" }).click();
    await expect(blocks.nth(0).getByText("Done", { exact: true })).toBeVisible();
    await blocks.nth(1).getByRole("button", { name: "Partly" }).click();
    await blocks.nth(1).getByLabel("Minutes done").fill("20");
    await blocks.nth(1).getByRole("button", { name: "Save" }).click();
    await expect(
      blocks.nth(1).getByText("Partly — 20 min done; the rest is planned again"),
    ).toBeVisible();
    await expect(page.getByText(/1 h 10 done so far|\d+ (h|min).* done so far/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/today-checked-${width}.png`, fullPage: true });

    // the next day: the first day's unfinished blocks carried over, planned again, no blame
    await page.goto(`/today?date=${next}`);
    const carried = page.getByRole("region", { name: "Carried over from yesterday" });
    await expect(carried).toBeVisible();
    await expect(carried.getByText("nothing to catch up on")).toBeVisible();
    // one line for the essay: the work its blocks there left, and where it went
    const lines = carried.getByRole("listitem");
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(
      /“Write the essay” \(\d+ h( \d\d)? left\) is planned again for|is waiting for a new time/,
    );
    expect(await page.locator("main").innerText()).not.toMatch(SHAME);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/today-carried-${width}.png`, fullPage: true });
  });
}
