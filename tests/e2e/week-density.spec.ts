import type { Locator, Page } from "@playwright/test";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

const pad = (n: number) => String(n).padStart(2, "0");
/** Next week's Tuesday: its Wednesday and Thursday are in the same week and the same 3 days. */
const tuesday = (() => {
  const d = new Date();
  d.setDate(d.getDate() + 7 - ((d.getDay() + 6) % 7) + 1);
  d.setHours(0, 0, 0, 0);
  return d;
})();
/** Local wall-clock time `days` after next Tuesday. */
const at = (days: number, hour: number, minute = 0) => {
  const d = new Date(tuesday);
  d.setDate(d.getDate() + days);
  d.setHours(hour, minute, 0, 0);
  return d;
};
const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** An all-day date as the API takes it: midnight UTC. */
const utcDate = (days: number) => `${isoDate(at(days, 0))}T00:00:00.000Z`;

/** A crowded week: 15-minute events, three overlapping, two at once, all-day and multi-day. */
async function crowdedWeek(page: Page) {
  const timed: [string, Date, Date][] = [
    ["Quick call", at(0, 7), at(0, 7, 15)],
    ["Stretch", at(0, 7, 15), at(0, 7, 30)],
    ["Pay rent", at(0, 12, 30), at(0, 12, 45)],
    ["Standup with design", at(0, 9), at(0, 10)],
    ["Overlapping review", at(0, 9, 30), at(0, 10, 30)],
    ["Interview", at(0, 10), at(0, 11)],
    ["Focus block", at(1, 14), at(1, 15)],
    ["Dentist", at(1, 14), at(1, 14, 30)],
    ["Conference trip", at(1, 9), at(2, 17)],
  ];
  for (const [title, start, end] of timed) {
    await call(page, "POST", "/api/calendar-events", {
      title,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });
  }
  for (const [title, from, to] of [
    ["Team offsite", 0, 3],
    ["Holiday", 0, 1],
    ["Birthday", 1, 2],
  ] as const) {
    await call(page, "POST", "/api/calendar-events", {
      title,
      start_time: utcDate(from),
      end_time: utcDate(to),
      all_day: true,
    });
  }
}

async function openCrowdedWeek(page: Page) {
  await page.goto("/calendar");
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  await page.getByLabel("Go to date").fill(isoDate(tuesday));
  await expect(page.getByRole("button", { name: /^Quick call, / })).toBeVisible();
}

const block = (page: Page, title: string) =>
  page.getByRole("button", { name: new RegExp(`^${title}, `) });

/**
 * A title is readable: at least `min` px of it shows, it is not cut to an ellipsis when it
 * would fit, and nothing drawn over it hides its start.
 */
async function expectReadable(title: Locator, min: number) {
  await title.scrollIntoViewIfNeeded();
  const box = (await title.boundingBox())!;
  expect(box.width, "title width").toBeGreaterThanOrEqual(min);
  expect(box.height, "title height").toBeGreaterThanOrEqual(12);
  const m = await title.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 6, r.top + r.height / 2);
    return {
      scroll: el.scrollWidth,
      client: el.clientWidth,
      text: el.textContent ?? "",
      onTop: Boolean(hit && el.closest("button")?.contains(hit)),
    };
  });
  expect(m.onTop, `${m.text}: not covered`).toBe(true);
  // short titles are whole; long ones keep at least `min` px before the ellipsis
  if (m.text.length <= 10) expect(m.scroll, `${m.text}: whole`).toBeLessThanOrEqual(m.client + 1);
}

for (const { width, height, min } of [
  { width: 1280, height: 900, min: 48 },
  { width: 375, height: 740, min: 44 },
]) {
  test.describe(`a crowded week at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("every title reads, overlaps cascade quietly, all-day bars span, it opens on the first event", async ({
      page,
    }, testInfo) => {
      await signIn(page, uniqueEmail(`density-${width}`));
      await crowdedWeek(page);
      await openCrowdedWeek(page);

      await page.screenshot({ path: testInfo.outputPath(`week-density-${width}-open.png`) });
      // it opens on the earliest event
      const scroller = page.locator(".overflow-y-auto", { has: block(page, "Quick call") });
      const view = (await scroller.boundingBox())!;
      const first = (await block(page, "Quick call").boundingBox())!;
      expect(first.y).toBeGreaterThanOrEqual(view.y);
      expect(first.y + first.height).toBeLessThanOrEqual(view.y + view.height);

      // a 15-minute event is a line of text; back to back, both whole
      for (const title of ["Quick call", "Stretch", "Pay rent"]) {
        const b = (await block(page, title).boundingBox())!;
        expect(b.height, `${title} height`).toBeGreaterThanOrEqual(15);
        await expectReadable(block(page, title).locator("[data-block-title]"), min);
      }

      // three overlapping events cascade: each title readable and not covered
      for (const title of ["Standup with design", "Overlapping review", "Interview"]) {
        await block(page, title).scrollIntoViewIfNeeded();
        await expectReadable(block(page, title).locator("[data-block-title]"), min);
        await expect(block(page, title)).toHaveAccessibleName(/overlaps another event$/);
        await expect(block(page, title).locator("[data-overlap-mark]")).toHaveCount(1);
      }
      await expect(block(page, "Quick call").locator("[data-overlap-mark]")).toHaveCount(0);
      await expect(page.getByText("Overlaps", { exact: true })).toHaveCount(0);

      // the all-day row: the offsite spans its three days, the trip (33 hours) its two
      const offsite = (await block(page, "Team offsite").boundingBox())!;
      const trip = (await block(page, "Conference trip").boundingBox())!;
      const column = (await page
        .getByRole("list", { name: /^Events on / })
        .first()
        .evaluate((el) => el.parentElement!.getBoundingClientRect().width))!;
      expect(offsite.width).toBeGreaterThan(2.5 * column);
      expect(trip.width).toBeGreaterThan(1.5 * column);
      expect(trip.width).toBeLessThan(2.5 * column);
      await expect(block(page, "Team offsite")).toHaveAccessibleName(
        /^Team offsite, \w+ to \w+, all day$/,
      );

      // a third lane folds into "+1" on its day, which opens the whole row
      await expect(block(page, "Birthday")).toHaveCount(0);
      await page.getByRole("button", { name: /^1 more all day on Wednesday/ }).click();
      await expect(block(page, "Birthday")).toBeVisible();

      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`week-density-${width}.png`) });

      // two events at once: one title, "+1" lists the other and opens it
      await block(page, "Focus block").scrollIntoViewIfNeeded();
      await expectReadable(block(page, "Focus block").locator("[data-block-title]"), min - 20);
      const more = page.getByRole("button", { name: /^1 more at .*: Dentist$/ });
      await more.click();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`week-density-${width}-more.png`) });
      await block(page, "Dentist").click();
      await expect(
        page.getByRole("dialog", { name: "Edit event" }).getByLabel("Title"),
      ).toHaveValue("Dentist");
    });
  });
}

test.describe("the week with today at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("opens with now in view", async ({ page }) => {
    await signIn(page, uniqueEmail("density-now"));
    await page.goto("/calendar");
    await expect(page.getByText("Online", { exact: true })).toBeVisible();
    const line = page.locator("[data-now-line]");
    await expect(line).toBeInViewport();
  });
});
