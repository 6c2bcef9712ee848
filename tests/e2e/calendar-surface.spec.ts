import type { Locator } from "@playwright/test";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

/**
 * /calendar is the one calendar surface (issue 32, decision 035): the chat's sidebar has one
 * Calendar entry and a short agenda that opens it; tasks, connected calendars and the feed are
 * all on /calendar, at a phone's width and a desktop's. Its side column holds sections under
 * dividers, no card inside it (issue 17).
 */

const tomorrowAt = (hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};

/**
 * Boxes drawn inside a column: a rounded element of some size with a border, a ring or a
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

const SHOTS = ".tmp/shots";

for (const width of [375, 1280] as const) {
  test(`one calendar surface, reached from the chat, at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    const phone = width === 375;
    await page.setViewportSize({ width, height: phone ? 812 : 900 });
    await signIn(page, uniqueEmail(`surface-${width}`));
    await call(page, "POST", "/api/calendar-events", {
      title: "Dentist",
      start_time: tomorrowAt(15),
      end_time: tomorrowAt(16),
      location: "High Street 4",
    });
    await call(page, "POST", "/api/tasks", { title: "Write the report", estimateMinutes: 90 });
    await page.reload();

    // the chat: one Calendar entry, and the agenda that opens the calendar
    if (phone) await page.getByRole("button", { name: "Open menu" }).click();
    const sidebar = page.getByRole("complementary", { name: "Chat navigation" });
    await expect(sidebar.getByRole("link", { name: "Calendar", exact: true })).toHaveCount(1);
    await expect(sidebar.getByRole("button", { name: "Calendar" })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "Week view" })).toHaveCount(0);
    // what Sage plans with and the booking links, reachable from the phone's menu too
    const planning = sidebar.getByRole("navigation", { name: "Planning" });
    await expect(planning.getByRole("link", { name: "How you work" })).toBeVisible();
    await expect(planning.getByRole("link", { name: "Booking links" })).toBeVisible();
    const agenda = sidebar.getByRole("region", { name: "Coming up" });
    await expect(agenda.getByText("Dentist")).toBeVisible();
    await expect(agenda.getByText("Tomorrow")).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/chat-${width}.png` });
    await agenda.getByRole("link", { name: "Open calendar" }).click();
    await expect(page).toHaveURL(/\/calendar$/);

    // the tasks: beside the grid on a desktop, a tab on a phone
    // a phone's status line says it in one word, whole (it was cut to "All changes syncec")
    await expect(
      page.getByText(phone ? "Synced" : "All changes synced", { exact: true }),
    ).toBeVisible();
    const column = phone
      ? page.getByRole("tabpanel")
      : page.getByRole("complementary", { name: "Tasks and calendars" });
    if (phone) {
      await page.getByRole("tab", { name: "Tasks & plan" }).click();
    } else {
      await expect(page.getByRole("tab", { name: "Tasks & plan" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await page.screenshot({ path: `${SHOTS}/calendar-${width}.png` });
    }
    const tasks = column.getByRole("region", { name: "Tasks" });
    await expect(tasks.getByText("Write the report")).toBeVisible();
    expect(await boxesInside(column)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/calendar-tasks-${width}.png` });
    await tasks.getByRole("button", { name: "Plan my week" }).click();
    if (phone) {
      // a phone goes back to the grid to show the new blocks, and says what the plan did
      await expect(page.getByRole("tab", { name: "Calendar", exact: true })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(page.getByRole("region", { name: "Last change" })).toContainText(
        /^Planned \d+ new blocks?; the new ones are outlined in the calendar\./,
      );
    } else {
      await expect(
        tasks.getByRole("region", { name: "Your plan for the next 7 days" }),
      ).toBeVisible();
    }

    // the connected calendars and the feed: one tab away
    await page.getByRole("tab", { name: "Calendars & feed" }).click();
    await expect(column.getByRole("region", { name: "Connected calendars" })).toBeVisible();
    await expect(column.getByLabel("Calendar feed URL")).toHaveValue(/\/api\/calendar\/feed\//);
    expect(await boxesInside(column)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/calendar-calendars-${width}.png` });

    if (phone) {
      // back on the grid, which keeps two thirds of the screen
      await page.getByRole("tab", { name: "Calendar", exact: true }).click();
      const day = page.getByRole("list", { name: /^Events on / }).first();
      const scroller = page.locator(".overflow-y-auto", { has: day }).last();
      await expect(scroller).toBeVisible();
      const box = (await scroller.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual((812 * 2) / 3);
      await page.screenshot({ path: `${SHOTS}/calendar-${width}.png` });
    }
  });
}
