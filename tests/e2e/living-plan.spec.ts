import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

// Issue 26: a meeting booked over a planned block → Sage moves the block by itself within
// seconds, says so in a note with the reason, and Undo puts it back. At 375 and 1280 px.

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

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
type Event = {
  id: string;
  title: string;
  task_id: string | null;
  start_time: string;
  end_time: string;
  source: string;
  why?: string | null;
};
const blocks = async (page: Page): Promise<Event[]> =>
  ((await call(page, "GET", "/api/calendar-events")).events as Event[]).filter((e) => e.task_id);

for (const width of [375, 1280]) {
  test.describe(`the plan moves by itself at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 640 ? 800 : 900 } });

    test("a meeting over a block moves it, the note says why, Undo puts it back", async ({
      page,
    }, info) => {
      await signIn(page, uniqueEmail("living"));
      await call(page, "POST", "/api/tasks", {
        title: "Quarterly report",
        estimateMinutes: 80,
        energy: "high",
      });
      const plan = await call(page, "POST", "/api/plan", { days: 7 });
      const first = plan.placed[0] as { eventId: string; start: string; end: string; why: string };
      expect(first.why).toMatch(/^Morning focus hours/);
      const start = DateTime.fromISO(first.start, { zone: ZONE });

      await page.goto("/calendar");
      await expect(page.getByText("Online", { exact: true })).toBeVisible();
      if (width < 640) await page.locator("label").filter({ hasText: /^Day$/ }).click();
      await page.getByLabel("Go to date").fill(start.toISODate()!);
      const block = page.locator(`[data-event-id="${first.eventId}"]`);
      await expect(block).toBeVisible();
      await expect(block).toHaveAttribute("title", `Why here: ${first.why}`);

      // the person books a meeting right on top of it, in the week view's own dialog
      // the day column's keyboard slot opens the dialog (Enter), as a keyboard user would
      const slot = page
        .getByRole("button", { name: new RegExp(`^Empty slot ${start.toFormat("cccc")} `) })
        .first();
      await slot.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Add event" });
      await dialog.getByLabel("Title").fill("Surprise client call");
      await dialog.getByLabel("Start", { exact: true }).fill(start.toFormat("yyyy-MM-dd'T'HH:mm"));
      await dialog
        .getByLabel("End (optional)")
        .fill(start.plus({ minutes: 30 }).toFormat("yyyy-MM-dd'T'HH:mm"));
      await dialog.getByRole("button", { name: "Save event" }).click();
      await expect(dialog).toBeHidden();

      // no button pressed: the note appears and the block has left the meeting's time
      const note = page
        .getByRole("list", { name: "Notes from Sage" })
        .getByRole("listitem")
        .filter({ hasText: "Quarterly report" });
      await expect(note).toContainText("“Surprise client call” took its time", { timeout: 15_000 });
      await expect(block).toHaveCount(0);
      const moved = await blocks(page);
      expect(moved.some((b) => b.id === first.eventId)).toBe(false);
      await page.screenshot({ path: info.outputPath(`moved-${width}.png`), fullPage: true });
      await expectAccessible(page);

      await note.getByRole("button", { name: "Undo" }).click();
      await expect(note).toHaveCount(0);
      await expect(block).toBeVisible({ timeout: 10_000 });
      const back = (await blocks(page)).find((b) => b.id === first.eventId)!;
      expect(back.start_time).toBe(new Date(first.start).toISOString());
      expect(back.source).toBe("user");
      await page.screenshot({ path: info.outputPath(`undone-${width}.png`), fullPage: true });
    });
  });
}
