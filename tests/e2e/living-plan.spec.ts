import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

// Issue 26: a meeting booked over a planned block → Sage moves the block by itself within
// seconds, says so in a note with the reason, and Undo puts it back. At 375 and 1280 px.

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

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
      // a long title without spaces: it must wrap in the note and the task list, never clip
      const title = `Quarterly report ${"x".repeat(60)}`;
      await call(page, "POST", "/api/tasks", {
        title,
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
      expect(await note.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      if (width >= 640) {
        // beside the grid, the task's title keeps the panel's width; its actions go under it
        const row = page.getByRole("list", { name: "Open tasks" }).getByRole("listitem");
        const titleBox = await row.getByText(title).boundingBox();
        expect(titleBox!.width).toBeGreaterThan(250);
      }
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

for (const width of [375, 1280]) {
  test.describe(`a plan preview at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 640 ? 800 : 900 } });

    test("proposed blocks are drawn dashed; one thrown back, the rest accepted", async ({
      page,
    }, info) => {
      await signIn(page, uniqueEmail("preview"));
      await call(page, "POST", "/api/tasks", { title: "Write the brief", estimateMinutes: 40 });
      await call(page, "POST", "/api/tasks", {
        title: "Call the printer",
        estimateMinutes: 20,
        energy: "low",
      });
      await page.goto("/calendar");
      await expect(page.getByText("Online", { exact: true })).toBeVisible();
      if (width < 640) await page.getByRole("tab", { name: "Tasks & plan" }).click();
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/plan" && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Preview plan" }).click();
      type P = { taskId: string; start: string; end: string; kept: boolean };
      const proposed = ((await (await answered).json()).placed as P[])
        .filter((p) => !p.kept)
        .sort((a, b) => a.start.localeCompare(b.start));
      const proposal = page.getByRole("region", { name: /Proposed plan/ });
      await expect(
        proposal.getByRole("heading", { name: /Proposed plan — nothing new is written yet/ }),
      ).toBeFocused();
      const items = proposal.getByRole("list", { name: "Proposed blocks" }).getByRole("listitem");
      await expect(items).toHaveCount(2);
      // nothing written yet
      expect(await blocks(page)).toEqual([]);
      await expectAccessible(page);

      const thrownTitle = (await items.first().locator("span.font-semibold").textContent())!;
      await items
        .first()
        .getByRole("button", { name: /^Throw back/ })
        .click();
      await expect(
        items.first().getByRole("button", { name: /^Keep it after all/ }),
      ).toHaveAttribute("aria-pressed", "true");
      await page.screenshot({ path: info.outputPath(`proposal-${width}.png`), fullPage: true });
      await proposal.getByRole("button", { name: "Accept 1 of 2" }).click();
      await expect(proposal).toHaveCount(0);
      // the week view shows the plan: on a phone it switches to the calendar tab
      if (width < 640)
        await expect(page.getByRole("tab", { name: "Calendar", exact: true })).toHaveAttribute(
          "aria-selected",
          "true",
        );
      else
        await expect(
          page.getByRole("heading", { name: /Your plan for the next 7 days/ }),
        ).toBeVisible();

      const written = await blocks(page);
      // the kept block is where it was proposed; the thrown-back task has time elsewhere
      const [thrown, kept] = proposed as [P, P];
      expect(
        written.some(
          (b) => b.task_id === kept.taskId && b.start_time === new Date(kept.start).toISOString(),
        ),
      ).toBe(true);
      const again = written.filter((b) => b.task_id === thrown.taskId);
      expect(again.length).toBeGreaterThan(0);
      for (const b of again)
        expect(
          Date.parse(b.end_time) <= Date.parse(thrown.start) ||
            Date.parse(b.start_time) >= Date.parse(thrown.end),
        ).toBe(true);
      if (width >= 640) {
        await expect(page.locator('[data-kind="proposed"]')).toHaveCount(0);
      }
      expect(thrownTitle.length).toBeGreaterThan(0);
      await page.screenshot({ path: info.outputPath(`accepted-${width}.png`), fullPage: true });
    });
  });
}
