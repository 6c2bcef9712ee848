import type { Locator, Page } from "@playwright/test";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

// the grid's hour (src/web/features/calendar/lib/grid-geometry.ts): a 15-minute event is a line
const HOUR_PX = 64;

const serverEvents = async (page: Page) =>
  (await call(page, "GET", "/api/calendar-events")).events as {
    id: string;
    title: string;
    start_time: string;
    end_time: string;
    source: string;
  }[];

/** Local wall-clock time of the browser (the test's zone is the machine's). */
const at = (days: number, hour: number, minute = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, minute, 0, 0);
  return d;
};
const weekday = (d: Date) => d.toLocaleDateString("en-US", { weekday: "long" });

/** The keyboard slot of a day's column: its box gives the column's x and the 08:00 line. */
function daySlot(page: Page, d: Date): Locator {
  return page.getByRole("button", { name: new RegExp(`^Empty slot ${weekday(d)} `) });
}
async function pointAt(page: Page, d: Date) {
  // the grid opens on now when today is shown: bring 8 AM to the top, whatever the hour
  await daySlot(page, d).evaluate((el) => el.scrollIntoView({ block: "start" }));
  const box = (await daySlot(page, d).boundingBox())!;
  // the slot starts at 8 AM (no profile yet) and is an hour long
  const minutes = d.getHours() * 60 + d.getMinutes() - 8 * 60;
  return { x: box.x + box.width / 2, y: box.y + (minutes / 60) * HOUR_PX };
}
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

async function openWeek(page: Page) {
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
}

test.describe("the week at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("create by drag and by keyboard, move by drag and by keyboard, resize", async ({ page }) => {
    await signIn(page, uniqueEmail("week"));
    // reachable from the chat's sidebar
    await page.getByRole("link", { name: "Calendar", exact: true }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByText("Online", { exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Week" })).toBeChecked();
    await expectAccessible(page);

    // create: drag across 10–11 AM today
    const day = at(0, 10);
    await drag(page, await pointAt(page, day), await pointAt(page, at(0, 11)));
    const dialog = page.getByRole("dialog", { name: "Add event" });
    await expect(dialog.getByLabel("Start", { exact: true })).toHaveValue(/T10:00$/);
    await expect(dialog.getByLabel("End (optional)")).toHaveValue(/T11:00$/);
    await dialog.getByLabel("Title").fill("Dentist");
    await dialog.getByRole("button", { name: "Save event" }).click();
    const dentist = page.getByRole("button", { name: /^Dentist, / });
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 10 to 11 AM`);
    // every change says what happened, visibly, with Undo
    const last = page.getByRole("region", { name: "Last change" });
    await expect(last).toContainText("Added Dentist.");

    // move by drag: an hour later
    const box = (await dentist.boundingBox())!;
    await drag(
      page,
      { x: box.x + box.width / 2, y: box.y + 10 },
      { x: box.x + box.width / 2, y: box.y + 10 + HOUR_PX },
    );
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 11 AM to 12 PM`);

    // resize: the lower edge half an hour down
    const moved = (await dentist.boundingBox())!;
    await drag(
      page,
      { x: moved.x + moved.width / 2, y: moved.y + moved.height - 3 },
      { x: moved.x + moved.width / 2, y: moved.y + moved.height - 3 + HOUR_PX / 2 },
    );
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 11 AM to 12:30 PM`);

    // by keyboard: pick up, an hour earlier, put down
    await dentist.focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 10 to 11:30 AM`);
    await expect(dentist).toBeFocused();

    // create by keyboard: the day's slot, Enter
    await daySlot(page, day).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Start", { exact: true })).toHaveValue(/T08:30$/);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await expect(async () => {
      const [e] = await serverEvents(page);
      expect(new Date(e!.start_time).getTime()).toBe(at(0, 10).getTime());
      expect(new Date(e!.end_time).getTime()).toBe(at(0, 11, 30).getTime());
    }).toPass();
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/week-1280.png" });

    // a move taken back with Undo
    await dentist.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 10:15 to 11:45 AM`);
    await expect(last).toContainText("Moved: Dentist");
    await last.getByRole("button", { name: "Undo" }).click();
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 10 to 11:30 AM`);
    await expect(last).toHaveCount(0);

    // deleted, then put back with Undo: on the week and on the server
    await dentist.click();
    await page
      .getByRole("dialog", { name: "Edit event" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(dentist).toHaveCount(0);
    await expect(last).toContainText("Deleted Dentist.");
    await expectAccessible(page);
    await last.getByRole("button", { name: "Undo" }).click();
    await expect(dentist).toHaveAccessibleName(`Dentist, ${weekday(day)} 10 to 11:30 AM`);
    await expect(async () => {
      const events = await serverEvents(page);
      expect(events.map((e) => e.title)).toEqual(["Dentist"]);
      expect(new Date(events[0]!.start_time).getTime()).toBe(at(0, 10).getTime());
    }).toPass();
  });

  test("Plan my week highlights the new blocks, and Undo plan takes the whole plan back", async ({
    page,
  }) => {
    await signIn(page, uniqueEmail("week-plan"));
    // a morning person: working hours, peak and dip shade the grid
    await call(page, "POST", "/api/productivity/generate", {
      struggle: "procrastination",
      peak_time: "morning",
      typical_day: "structured_job",
      work_style: "medium_sessions",
      avoidance: "freeze",
      additional_info: "",
    });
    await call(page, "POST", "/api/tasks", { title: "Write the report", estimateMinutes: 120 });
    await call(page, "POST", "/api/tasks", { title: "Clear the inbox", estimateMinutes: 30 });
    await openWeek(page);
    const side = page.getByRole("complementary", { name: "Tasks and calendars" });
    await side.getByRole("button", { name: "Plan my week" }).click();
    await expect(page.getByText("New blocks from the last plan")).toBeVisible();
    await expect(page.getByText("Peak hours")).toBeVisible();
    await expect.poll(async () => (await serverEvents(page)).length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Today" }).click();
    // late on a Sunday the plan starts next week: jump to the week of its first block
    const [firstBlock] = (await serverEvents(page)).sort((a, b) =>
      a.start_time.localeCompare(b.start_time),
    );
    const d = new Date(firstBlock!.start_time);
    const pad = (n: number) => String(n).padStart(2, "0");
    await page
      .getByLabel("Go to date")
      .fill(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
    await page.screenshot({ path: "test-results/week-1280-plan.png" });
    await expectAccessible(page);

    // moving a Sage block makes it the person's: the planner (and an undo) leave it alone
    const blocks = page.getByRole("button", { name: /planned by Sage/ });
    await expect(blocks.first()).toBeVisible();
    const first = blocks.first();
    const id = await first.getAttribute("data-event-id");
    await first.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const mine = page.locator(`[data-event-id="${id}"]`);
    await expect(mine).toHaveAttribute("data-kind", "user");
    await expect
      .poll(async () => (await serverEvents(page)).find((e) => e.id === id)?.source)
      .toBe("user");

    // the side panel's summary of the plan goes with it: it never lists blocks no longer there
    await expect(side.getByRole("list", { name: "Placed blocks" })).toBeAttached();
    await page.getByRole("button", { name: "Undo plan" }).click();
    await expect(page.getByText("New blocks from the last plan")).toBeHidden();
    await expect(side.getByRole("list", { name: "Placed blocks" })).toHaveCount(0);
    await expect(side.getByText(/^Placed \d+ blocks?/)).toHaveCount(0);
    await expect.poll(async () => (await serverEvents(page)).map((e) => e.id)).toEqual([id]);
    await expect(page.getByRole("button", { name: /planned by Sage/ })).toHaveCount(0);
    await expect(mine).toBeVisible();
  });
});

test.describe("the week at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("edit one occurrence of a repeating event; move offline, then reconnect", async ({
    page,
    context,
  }) => {
    await signIn(page, uniqueEmail("week-phone"));
    const start = at(0, 9);
    await call(page, "POST", "/api/calendar-events", {
      title: "Gym",
      start_time: start.toISOString(),
      end_time: at(0, 10).toISOString(),
      recurrence_frequency: "DAILY",
      recurrence_count: 5,
    });
    await openWeek(page);
    await expect(page.getByRole("radio", { name: "3 days" })).toBeChecked();
    await expect(page.getByRole("button", { name: /^Gym, / })).toHaveCount(3);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/week-375.png" });

    // tomorrow's gym only: rename it
    const tomorrow = page.getByRole("button", {
      name: `Gym, ${weekday(at(1, 9))} 9 to 10 AM, repeats`,
    });
    await tomorrow.click();
    const dialog = page.getByRole("dialog", { name: /Edit “Gym”, a repeating event/ });
    await dialog.getByLabel("Title").fill("Gym with Sam");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    const scope = page.getByRole("dialog", { name: /Change “Gym”, a repeating event/ });
    await expect(scope.getByRole("radio", { name: "This event" })).toBeChecked();
    await expectAccessible(page);
    await scope.getByRole("button", { name: "Change" }).click();
    await expect(page.getByRole("button", { name: /^Gym with Sam, / })).toHaveCount(1);
    // said visibly, as every change is (no Undo: a scoped change is changed again the same way)
    const last = page.getByRole("region", { name: "Last change" });
    await expect(last).toContainText("Saved this occurrence of Gym with Sam.");
    await expect(last.getByRole("button", { name: "Undo" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Gym, / })).toHaveCount(2);
    await expect
      .poll(async () => (await serverEvents(page)).map((e) => e.title).sort())
      .toEqual(["Gym", "Gym with Sam"]);

    // offline: move the edited occurrence an hour later by keyboard, then reconnect
    await context.setOffline(true);
    await expect(page.getByText("Offline", { exact: true })).toBeVisible();
    const sam = page.getByRole("button", { name: /^Gym with Sam, / });
    await sam.focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(sam).toHaveAccessibleName(new RegExp(`${weekday(at(1, 9))} 10 to 11 AM`));
    await expect(sam).toContainText("not synced");
    await page.screenshot({ path: "test-results/week-375-offline.png" });
    await context.setOffline(false);
    await expect(sam).not.toContainText("not synced");
    await expect
      .poll(async () => {
        const e = (await serverEvents(page)).find((x) => x.title === "Gym with Sam");
        return e && new Date(e.start_time).getTime();
      })
      .toBe(at(1, 10).getTime());

    // swipe and arrows move between days
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 2 })).not.toHaveText(/^$/);
    await page.getByRole("tab", { name: "Tasks & plan" }).click();
    await expect(page.getByRole("button", { name: "Plan my week" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("a repeating event dragged at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("asks this / following / all, with this event chosen; only that one moves", async ({
    page,
  }) => {
    await signIn(page, uniqueEmail("week-series"));
    await call(page, "POST", "/api/calendar-events", {
      title: "Standup",
      start_time: at(-7, 9).toISOString(),
      end_time: at(-7, 9, 30).toISOString(),
      recurrence_frequency: "DAILY",
      recurrence_count: 30,
    });
    await openWeek(page);
    const today = page.getByRole("button", {
      name: `Standup, ${weekday(at(0, 9))} 9 to 9:30 AM, repeats`,
    });
    await today.scrollIntoViewIfNeeded();
    const box = (await today.boundingBox())!;
    await drag(
      page,
      { x: box.x + box.width / 2, y: box.y + 8 },
      { x: box.x + box.width / 2, y: box.y + 8 + 2 * HOUR_PX },
    );
    const scope = page.getByRole("dialog", { name: /Change “Standup”, a repeating event/ });
    await expect(scope.getByRole("radio", { name: "This event" })).toBeChecked();
    await expect(scope.getByRole("radio", { name: "This and following events" })).toBeVisible();
    await expect(scope.getByRole("radio", { name: "All events" })).toBeVisible();
    await scope.getByRole("button", { name: "Change" }).click();
    await expect(
      page.getByRole("button", { name: `Standup, ${weekday(at(0, 9))} 11 to 11:30 AM` }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Last change" })).toContainText(
      "Moved this occurrence of Standup.",
    );
    // the other days keep 9 AM
    await expect(
      page.getByRole("button", { name: /^Standup, .* 9 to 9:30 AM, repeats$/ }),
    ).toHaveCount(6);
    await expect
      .poll(async () => (await serverEvents(page)).map((e) => e.title))
      .toEqual(["Standup", "Standup"]);
  });
});

test.describe("touch at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a tap selects an event, then a finger drags it; a swipe changes the days", async ({
    page,
  }) => {
    await signIn(page, uniqueEmail("week-touch"));
    await call(page, "POST", "/api/calendar-events", {
      title: "Walk",
      start_time: at(0, 9).toISOString(),
      end_time: at(0, 10).toISOString(),
    });
    await openWeek(page);
    const walk = page.getByRole("button", { name: /^Walk, / });
    await walk.tap();
    await expect(walk).toHaveAttribute("aria-pressed", "true");

    const cdp = await page.context().newCDPSession(page);
    const touch = async (points: { x: number; y: number }[]) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [points[0]!] });
      for (const p of points.slice(1)) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    const box = (await walk.boundingBox())!;
    const x = box.x + box.width / 2;
    await touch(Array.from({ length: 7 }, (_, i) => ({ x, y: box.y + 10 + i * (HOUR_PX / 6) })));
    await expect(walk).toHaveAccessibleName(`Walk, ${weekday(at(0, 9))} 10 to 11 AM`);
    await expect
      .poll(async () => new Date((await serverEvents(page))[0]!.start_time).getTime())
      .toBe(at(0, 10).getTime());

    // a swipe to the left shows the next days
    const heading = page.getByRole("heading", { level: 2 });
    const before = await heading.textContent();
    // on empty time, two days along
    // (an hour above where the walk was, unless that is above the grid: the bottom of the
    // screen holds the move's toast when the day opens at night and 9 AM sits low)
    const y = box.y - HOUR_PX > 320 ? box.y - HOUR_PX : box.y + 10;
    await touch(Array.from({ length: 6 }, (_, i) => ({ x: 330 - i * 40, y })));
    await expect(heading).not.toHaveText(before!);
    await page.screenshot({ path: "test-results/week-375-touch.png" });
  });
});
