import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

// Issue 29: a routine made in the form gets its sessions in the week; a meeting booked over
// one moves it by itself; a routine said in chat is proposed, added on Yes, and its session
// takes a check-in on Today; the saved fitness program becomes routines. At 375 and 1280 px.

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

type Event = {
  id: string;
  title: string;
  routine_id?: string | null;
  start_time: string;
  end_time: string;
  why?: string | null;
};
const sessions = async (page: Page): Promise<Event[]> =>
  ((await call(page, "GET", "/api/calendar-events")).events as Event[])
    .filter((e) => e.routine_id)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));

async function openPlanPanel(page: Page, width: number) {
  await page.goto("/calendar");
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  // on a phone the panel is a tab of its own; on a wide screen it is the side column
  if (width < 640) await page.getByRole("tab", { name: "Tasks & plan" }).click();
}

for (const width of [375, 1280]) {
  test.describe(`routines at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 640 ? 800 : 900 } });

    test("a routine made in the form is placed in the week, and moves when a meeting lands on it", async ({
      page,
    }) => {
      await signIn(page, uniqueEmail("routine"));
      await openPlanPanel(page, width);
      await page.getByRole("button", { name: "Add routine" }).click();
      const dialog = page.getByRole("dialog", { name: "Add routine" });
      await dialog.getByLabel("Title").fill("Gym");
      await dialog.getByLabel("Minutes a session").fill("600");
      await dialog.getByRole("button", { name: "Save routine" }).click();
      // checked by the server's own rules, beside the field
      await expect(dialog.getByText("A session must be at most 8 hours")).toBeVisible();
      await expect(dialog.getByLabel("Minutes a session")).toBeFocused();
      await expectAccessible(page);
      await dialog.getByLabel("Minutes a session").fill("60");
      await dialog.getByLabel("Times a week").fill("2");
      // every day, so the week always has room whatever day the test runs
      for (const day of ["Saturday", "Sunday"])
        await dialog.getByRole("button", { name: day }).click();
      await expect(dialog.getByRole("button", { name: "Sunday" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await dialog.getByLabel("From").fill("07:00");
      await dialog.getByLabel("To").fill("22:00");
      await page.screenshot({ path: `.tmp/routine-form-${width}.png`, fullPage: true });
      await dialog.getByRole("button", { name: "Save routine" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("2× a week · 60 min · every day, 07:00–22:00")).toBeVisible();

      const [first] = await sessions(page);
      expect(first, "a session was placed").toBeDefined();
      expect(first!.why).toMatch(/^Gym, 1 of 2 this week: your 7\sAM\s–\s10\sPM window, \w{3} — /);
      const start = DateTime.fromISO(first!.start_time, { zone: ZONE });

      // the session is in the week view, with its reason
      if (width < 640) {
        await page.getByRole("tab", { name: "Calendar", exact: true }).click();
        await page.locator("label").filter({ hasText: /^Day$/ }).click();
      }
      await page.getByLabel("Go to date").fill(start.toISODate()!);
      const block = page.locator(`[data-event-id="${first!.id}"]`);
      await expect(block).toBeVisible();
      await expect(block).toHaveAttribute("title", `Why here: ${first!.why}`);
      await page.screenshot({ path: `.tmp/routine-week-${width}.png`, fullPage: true });
      await expectAccessible(page);

      // a meeting booked over it: the living plan moves it by itself, and says why
      await call(page, "POST", "/api/calendar-events", {
        id: crypto.randomUUID(),
        title: "Dentist",
        start_time: start.toUTC().toISO(),
        end_time: start.plus({ minutes: 45 }).toUTC().toISO(),
      });
      await expect
        .poll(async () => (await sessions(page)).some((s) => s.id === first!.id), {
          timeout: 15_000,
        })
        .toBe(false);
      const after = await sessions(page);
      expect(after.length).toBeGreaterThanOrEqual(1);
      await page.reload();
      await expect(page.getByText("Online", { exact: true })).toBeVisible();
      await expect(page.getByText(/Moved “Gym” to .+ — “Dentist” took its time\./)).toBeVisible({
        timeout: 15_000,
      });
      await expectAccessible(page);
    });

    test("a routine said in chat is added on Yes, and its session is checked in on Today", async ({
      page,
    }) => {
      await signIn(page, uniqueEmail("routine-chat"));
      await page.goto("/chat");
      const box = page.getByPlaceholder("Type your message...");
      await box.fill("stretch every day, 20 minutes");
      await page.getByRole("button", { name: "Send" }).click();
      const card = page.getByRole("region", { name: "Proposed — nothing written yet" });
      await expect(card).toContainText("Add routine: Stretch");
      await expect(card).toContainText("daily · 20 min");
      // nothing is written, or charged, before Yes
      expect((await call(page, "GET", "/api/usage")).used).toBe(0);
      expect((await call(page, "GET", "/api/routines")).routines).toEqual([]);
      await expectAccessible(page);
      await page.screenshot({ path: `.tmp/routine-chat-${width}.png`, fullPage: true });
      await card.getByRole("button", { name: "Yes" }).click();
      await expect(page.getByRole("region", { name: "Routine added" })).toContainText("Stretch");
      expect((await call(page, "GET", "/api/usage")).used).toBe(1);
      const [routine] = (await call(page, "GET", "/api/routines")).routines;
      expect(routine).toMatchObject({ title: "Stretch", minutes: 20, timesPerWeek: 7 });

      // tomorrow's session, whatever the hour the test runs: Skip on Today lets that day go
      const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
      const session = (await sessions(page)).find(
        (e) => DateTime.fromISO(e.start_time, { zone: ZONE }).toISODate() === tomorrow,
      );
      expect(session, "a session tomorrow").toBeDefined();
      await page.goto(`/today?date=${tomorrow}`);
      const ask = page.getByRole("group", { name: "How did “Stretch” go?" });
      await expect(ask).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `.tmp/routine-today-${width}.png`, fullPage: true });
      await ask.getByRole("button", { name: "Skip" }).click();
      await expect(ask).toBeHidden();
      const after = (await call(page, "GET", "/api/routines")).routines[0];
      expect(after.id).toBe(routine.id);
      expect((await sessions(page)).map((e) => e.id)).not.toContain(session!.id);
    });

    test("the saved fitness program becomes routines", async ({ page }) => {
      await signIn(page, uniqueEmail("program"));
      const answers = {
        goal: "Build muscle",
        experience: "Intermediate: I exercise once or twice a week",
        availability: "Tuesday|Thursday|Saturday",
        preferences: "Dumbbells at home",
      };
      const { program } = await call(page, "POST", "/api/fitness/generate", { answers });
      await call(page, "POST", "/api/fitness/save", { answers, program });

      await page.goto("/fitness/program");
      await expect(page.getByRole("heading", { name: "Your fitness program" })).toBeVisible();
      await expect(page.getByText(program.overview)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Add to my calendar" }).click();
      const status = page.getByRole("status").filter({ hasText: "Added" });
      await expect(status).toContainText("Tuesday");
      await expect(status).not.toContainText("|");
      await page.screenshot({ path: `.tmp/program-${width}.png`, fullPage: true });
      await expectAccessible(page);

      await status.getByRole("link", { name: "See your week" }).click();
      await expect(page).toHaveURL(/\/calendar$/);
      await expect(page.getByText("Online", { exact: true })).toBeVisible();
      if (width < 640) await page.getByRole("tab", { name: "Tasks & plan" }).click();
      const focus = [
        ...new Set(program.firstWeekPreview.days.map((d: { focus: string }) => d.focus)),
      ] as string[];
      for (const title of focus)
        await expect(
          page.getByRole("region", { name: "Routines" }).getByText(title, { exact: true }),
        ).toBeVisible();
      expect((await sessions(page)).length).toBeGreaterThan(0);
    });
  });
}
