import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

async function answeredPerson(page: Page, prefix: string) {
  await signIn(page, uniqueEmail(prefix));
  await call(page, "PATCH", "/api/profile", { timezone: ZONE });
  await call(page, "POST", "/api/productivity/generate", {
    struggle: "procrastination",
    peak_time: "morning",
    typical_day: "structured_job",
    work_style: "medium_sessions",
    avoidance: "freeze",
    additional_info: "Fridays are for errands.",
  });
}

test.describe("How you work", () => {
  test("edit working days, hours and the peak; save; reload; a plan keeps to them", async ({
    page,
  }) => {
    await answeredPerson(page, "how-you-work");
    await page.goto("/calendar");
    await page.getByRole("link", { name: "How you work" }).click();
    await expect(page).toHaveURL(/\/how-you-work$/);
    await expect(page.getByRole("heading", { name: "How you work", level: 1 })).toBeVisible();
    // the note was read, and what was taken is shown
    await expect(page.getByText("Taken from your note")).toBeVisible();
    await expect(page.getByText(/“Fridays are for errands”/)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Friday", exact: true })).not.toBeChecked();
    await expectAccessible(page);

    // Wednesday and Thursday, 1 to 5 PM, peak 1 to 3 PM
    await page.getByRole("checkbox", { name: "Monday", exact: true }).uncheck();
    await page.getByRole("checkbox", { name: "Tuesday", exact: true }).uncheck();
    await page.getByLabel("Usual start").fill("13:00");
    await page.getByLabel("Usual end").fill("17:00");
    await expect(page.getByLabel("Window 1 energy")).toHaveValue("peak");
    await page.getByLabel("Window 1 from").fill("13:00");
    await page.getByLabel("Window 1 to").fill("15:00");
    // the dip (window 3, 2–4 PM) now overlaps the peak: the server names it, shown by its row
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("overlaps another window")).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText("Some of your changes don't fit together yet")).toBeVisible();
    await page.getByRole("button", { name: "Remove window 3" }).click();
    // the in-words summary follows the edit before it is saved
    await expect(page.getByText("With your changes (not saved yet):")).toBeVisible();
    await expect(
      page.getByText("Sage plans your work Wednesday and Thursday, 1–5 pm."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. Sage plans with this from now on.")).toBeVisible();

    await page.reload();
    await expect(page.getByText("As you last saved them here.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Monday", exact: true })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Wednesday", exact: true })).toBeChecked();
    await expect(page.getByLabel("Usual start")).toHaveValue("13:00");
    // saved in order of the day: the good hours before the peak come first
    await expect(page.getByLabel("Window 2 energy")).toHaveValue("peak");
    await expect(page.getByLabel("Window 2 from")).toHaveValue("13:00");
    await page.screenshot({ path: "test-results/how-you-work-1280.png", fullPage: true });

    await call(page, "POST", "/api/tasks", {
      title: "Write the report",
      estimateMinutes: 120,
      priority: "high",
    });
    await call(page, "POST", "/api/tasks", { title: "Clear the inbox", estimateMinutes: 30 });
    const plan = await call(page, "POST", "/api/plan", { days: 7 });
    expect(plan.placed.length).toBeGreaterThan(0);
    for (const b of plan.placed as { start: string; end: string }[]) {
      const start = DateTime.fromISO(b.start).setZone(ZONE);
      const end = DateTime.fromISO(b.end).setZone(ZONE);
      expect([3, 4], `${b.start} is on a saved day`).toContain(start.weekday);
      expect(start.hour * 60 + start.minute).toBeGreaterThanOrEqual(13 * 60);
      expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(17 * 60);
    }
  });
});

test.describe("How you work at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("fits a phone and is accessible", async ({ page }) => {
    await answeredPerson(page, "how-you-work-phone");
    await page.goto("/how-you-work");
    await expect(page.getByText("Taken from your note")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/how-you-work-375.png", fullPage: true });
  });
});
