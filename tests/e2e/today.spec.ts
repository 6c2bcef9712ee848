import { DateTime } from "luxon";
import { call, expect, expectAccessible, moveTo, test, uniqueEmail } from "./fixtures.ts";

// The server's clock is real. A person's block from yesterday is made as a person would make
// one: Sage plans the essay, and the person drags one block to yesterday, one to tonight and
// one to just after midnight
// (the week view's own PUT: they become theirs, still blocks of the task). The browser's
// clock is set to noon today, so the evening wrap-up stays closed whatever the hour.
const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-GB" });

const SHAME = /overdue|missed|failed|\blate\b/i;

for (const width of [375, 1280] as const) {
  test(`Today at ${width} px: yesterday's block carried over kindly; Done and Partly today`, async ({
    page,
  }) => {
    const today = DateTime.now().setZone(ZONE).startOf("day");
    await page.clock.install({ time: today.set({ hour: 12 }).toJSDate() });
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByLabel("E-mail address").fill(uniqueEmail(`today-${width}`));
    await page.getByRole("button", { name: "Continue with this e-mail" }).click();
    // a phone opens on Today; a desktop keeps the chat, with Today one link away
    await expect(page).toHaveURL(width === 375 ? /\/today$/ : /\/chat$/);

    await call(page, "PATCH", "/api/profile", { timezone: ZONE });
    await call(page, "POST", "/api/tasks", { title: "Write the essay", estimateMinutes: 240 });
    const plan = await call(page, "POST", "/api/plan", { days: 7 });
    // the plan's three earliest blocks (the rest stay where Sage put them)
    const [a, b, c] = (plan.placed as { eventId: string; start: string }[]).sort((x, y) =>
      x.start.localeCompare(y.start),
    );
    await moveTo(page, a!.eventId, today.minus({ days: 1 }).set({ hour: 10 }));
    await moveTo(page, b!.eventId, today.set({ hour: 21 }));
    // begun by both clocks (the browser's noon and the server's real time)
    await moveTo(page, c!.eventId, today.set({ hour: 0, minute: 10 }));

    if (width === 1280) await page.getByRole("link", { name: "Today", exact: true }).click();
    else await page.reload();
    await expect(page).toHaveURL(/\/today$/);

    // yesterday's block: carried over, planned again, said without blame
    const carried = page.getByRole("region", { name: "Carried over from yesterday" });
    await expect(carried.getByText("nothing to catch up on")).toBeVisible();
    await expect(carried.getByRole("listitem")).toHaveText([
      /^“Write the essay” \(50 min left\) is planned again for \w{3} \d{1,2}:\d{2}\.$/,
    ]);
    expect(await page.locator("main").innerText()).not.toMatch(SHAME);
    await expect(page.getByText(/^(\d+ h( \d\d)?|\d+ min) of 5 h planned$/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/today-carried-${width}.png`, fullPage: true });

    // today's blocks: Partly (20 minutes) on the one that has begun; the one still ahead is
    // asked only what can be said ahead of it, and is done already
    const day = page.getByRole("region", { name: "Your day" }).getByRole("listitem");
    const blocks = [
      day.filter({ hasText: "21:00 – 21:50" }),
      day.filter({ hasText: "0:10 – 1:00" }),
    ];
    await expect(blocks[0]!.getByRole("button", { name: "Partly" })).toHaveCount(0);
    await blocks[0]!.getByRole("button", { name: "Done already" }).click();
    await expect(blocks[0]!.getByText("Done", { exact: true })).toBeVisible();
    // how long it really took: the duration Sage learns estimates from
    await blocks[0]!.getByRole("button", { name: "How long did “Write the essay” take?" }).click();
    await expect(blocks[0]!.getByLabel("Minutes it took")).toHaveValue("50");
    await blocks[0]!.getByLabel("Minutes it took").fill("65");
    await blocks[0]!.getByRole("button", { name: "Save" }).click();
    await expect(blocks[0]!.getByText("Done — took 1 h 05")).toBeVisible();
    await expect(blocks[0]!.getByRole("button", { name: /How long did/ })).toHaveCount(0);
    await blocks[1]!.getByRole("button", { name: "Partly" }).click();
    await blocks[1]!.getByLabel("Minutes done").fill("20");
    await blocks[1]!.getByRole("button", { name: "Save" }).click();
    await expect(
      blocks[1]!.getByText("Partly — 20 min done; the rest is planned again"),
    ).toBeVisible();
    // the 65 minutes said of the first and the 20 of the second
    await expect(page.getByText("1 h 25 done so far.")).toBeVisible();
    // the work of yesterday now goes on at the next block not yet checked in
    await expect(carried.getByRole("listitem")).not.toContainText("21:00");
    expect(await page.locator("main").innerText()).not.toMatch(SHAME);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/today-checked-${width}.png`, fullPage: true });

    // Skip on one of Sage's blocks still ahead: it leaves its day, and the page says where
    // its work goes (on that block's day: Sage plans from the server's real now)
    const { task: bankTask } = await call(page, "POST", "/api/tasks", {
      title: "Call the bank",
      estimateMinutes: 20,
    });
    const bank = (
      (await call(page, "POST", "/api/plan", { days: 7 })).placed as {
        taskId: string;
        start: string;
      }[]
    ).find((p) => p.taskId === bankTask.id)!;
    await page.goto(`/today?date=${DateTime.fromISO(bank.start, { zone: ZONE }).toISODate()}`);
    const ahead = page
      .getByRole("region", { name: "Your day" })
      .getByRole("listitem")
      .filter({ hasText: "Call the bank" });
    await ahead.getByRole("button", { name: "Skip" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Skipped “Call the bank”" }),
    ).toHaveText(/Sage is finding it another time\. See your week/);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/today-skipped-${width}.png`, fullPage: true });

    // what shapes the day is one tap away, on a phone too
    await page
      .getByRole("navigation", { name: "More" })
      .getByRole("link", { name: "How you work" })
      .click();
    await expect(page).toHaveURL(/\/how-you-work$/);
  });
}
