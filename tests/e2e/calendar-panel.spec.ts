import type { Locator } from "@playwright/test";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

/** The chat's Calendar panel is one surface: sections under dividers, no card inside it (issue 17). */

const tomorrowAt = (hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};

/**
 * Boxes drawn inside the panel: a rounded element of some size with a border, a ring or a
 * fill of its own. Controls (buttons, inputs), badges and the live notices are not boxes.
 */
function boxesInside(panel: Locator) {
  return panel.evaluate((root) => {
    const found: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>("*")) {
      if (el.closest("button, a, input, select, textarea, [role=alert], [role=dialog]")) continue;
      const css = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (rect.width < 160 || rect.height < 40) continue;
      if (Number.parseFloat(css.borderTopLeftRadius) < 6) continue;
      const filled = !/rgba\(0, 0, 0, 0\)|transparent/.test(css.backgroundColor);
      const bordered = Number.parseFloat(css.borderTopWidth) > 0;
      const ringed = css.boxShadow !== "none";
      if (filled || bordered || ringed) found.push(`${el.tagName} ${el.className}`);
    }
    return found;
  });
}

for (const width of [375, 1280] as const) {
  test(`the Calendar panel nests no card in its card at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await signIn(page, uniqueEmail(`panel-${width}`));
    await call(page, "POST", "/api/calendar-events", {
      title: "Dentist",
      start_time: tomorrowAt(15),
      end_time: tomorrowAt(16),
      location: "High Street 4",
    });
    await call(page, "POST", "/api/tasks", { title: "Write the report", estimateMinutes: 90 });
    await page.reload();

    if (width === 375) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Calendar" }).click();
    const panel = page.getByRole("region", { name: "Calendar", exact: true });
    await expect(panel.getByText("Dentist")).toBeVisible();
    const tasks = panel.getByRole("region", { name: "Tasks" });
    await expect(tasks.getByText("Write the report")).toBeVisible();
    await tasks.getByRole("button", { name: "Plan my week" }).click();
    await expect(
      tasks.getByRole("region", { name: "Your plan for the next 7 days" }),
    ).toBeVisible();
    await expect(panel.getByText("All changes synced")).toBeVisible();

    expect(await boxesInside(panel)).toEqual([]);
    await expectAccessible(page);
    await panel.screenshot({ path: `test-results/screens/calendar-panel-${width}.png` });
  });
}
