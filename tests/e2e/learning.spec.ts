import { DateTime } from "luxon";
import { checkInBegun } from "../../src/core/contract/today.ts";
import { call, expect, expectAccessible, moveTo, test, uniqueEmail } from "./fixtures.ts";

// Sage learns how the person works (issue 27). The person plans hard work (Sage puts it in
// the morning peak they gave), then keeps doing it at 2 PM instead: they drag five of Sage's
// blocks to 14:00 (the week view's own PUT, which records each move as evidence) and check
// in on them — one from Today in the browser. The next plan puts hard work in the afternoon
// and says why; How you work shows the change in words, with its chart, and Undo takes it
// back. The server's clock is real; the browser's is set to noon today.
const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-GB" });

type Placed = { taskId: string; eventId: string; start: string; end: string; why: string };

for (const width of [375, 1280] as const) {
  test(`at ${width} px: Sage learns from check-ins and moves, shows why, and Undo takes it back`, async ({
    page,
  }) => {
    const today = DateTime.now().setZone(ZONE).startOf("day");
    await page.clock.install({ time: today.set({ hour: 12 }).toJSDate() });
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByLabel("E-mail address").fill(uniqueEmail(`learn-${width}`));
    await page.getByRole("button", { name: "Continue with this e-mail" }).click();
    await expect(page).toHaveURL(/\/(chat|today)$/);
    await call(page, "PATCH", "/api/profile", { timezone: ZONE });

    // before any evidence: exactly what was said
    await page.goto("/how-you-work");
    const learned = page.getByRole("region", { name: "What Sage has learned" });
    await expect(learned.getByText(/No changes yet: Sage plans exactly as you said/)).toBeVisible();

    const titles = new Map<string, string>();
    for (let i = 1; i <= 5; i++) {
      const { task } = await call(page, "POST", "/api/tasks", {
        title: `Deep work ${i}`,
        estimateMinutes: 40,
        energy: "high",
        splittable: false,
        minChunkMinutes: 40,
      });
      titles.set(task.id, task.title);
    }
    const plan = (await call(page, "POST", "/api/plan", { days: 7 })) as { placed: Placed[] };
    const blocks = [...plan.placed].sort((a, b) => a.start.localeCompare(b.start)).slice(0, 5);
    expect(blocks).toHaveLength(5);
    // Sage planned them in the morning peak the person gave
    for (const b of blocks) expect(DateTime.fromISO(b.start, { zone: ZONE }).hour).toBeLessThan(12);
    // the person does them at 2 PM instead: today and the four days before
    for (const [i, b] of blocks.entries())
      await moveTo(page, b.eventId, today.minus({ days: i }).set({ hour: 14 }));
    for (const b of blocks.slice(2))
      await call(page, "POST", "/api/check-ins", { eventId: b.eventId, outcome: "done" });

    // yesterday's block, checked in from the calendar: open it, say how it went
    const yesterday = today.minus({ days: 1 }).toISODate();
    await page.goto(`/calendar?view=day&date=${yesterday}`);
    const title = titles.get(blocks[1]!.taskId)!;
    await page.getByRole("button", { name: new RegExp(`^${title}, `) }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("How did it go?")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog.getByRole("status")).toHaveText(/Done/);
    await dialog.getByRole("button", { name: `How long did “${title}” take?` }).click();
    await dialog.getByLabel("Minutes it took").fill("55");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByRole("status")).toContainText("Done — took 55 min");
    await page.keyboard.press("Escape");

    // the check-in of today's block, from Today
    await page.goto("/today");
    const day = page.getByRole("region", { name: "Your day" }).getByRole("listitem");
    const block = day.filter({ hasText: "14:00" }).first();
    // 14:00 has not begun by the browser's noon: done ahead of it
    await block.getByRole("button", { name: "Done already" }).click();
    await expect(block.getByText("Done", { exact: true })).toBeVisible();

    // the next plan puts hard work in the afternoon, and says why
    await call(page, "POST", "/api/tasks", {
      title: "Write the proposal",
      estimateMinutes: 40,
      energy: "high",
      splittable: false,
      minChunkMinutes: 40,
    });
    const next = (await call(page, "POST", "/api/plan", { days: 7 })) as { placed: Placed[] };
    const proposal = next.placed.find((p) => !blocks.some((b) => b.taskId === p.taskId))!;
    expect(DateTime.fromISO(proposal.start, { zone: ZONE }).hour).toBeGreaterThanOrEqual(14);
    expect(proposal.why).toContain("as Sage has seen you work");
    const notes = (await call(page, "GET", "/api/plan/notes")) as { notes: { kind: string }[] };
    expect(notes.notes.some((n) => n.kind === "learned")).toBe(true);

    // How you work: the change in words, the chart, the evidence
    await page.goto("/how-you-work");
    const change = learned
      .getByRole("listitem")
      .filter({ hasText: "You get hard work done more often 14" });
    await expect(change).toBeVisible();
    // today's "Done already" is a check-in of the hour only once its block has begun by the
    // server's clock (the real one: the browser's is paused at noon); before, it says the task
    // is finished and nothing of the hour (checkInBegun)
    const begun = checkInBegun(today.set({ hour: 14 }).toMillis(), Date.now());
    await expect(
      learned.getByText(
        new RegExp(`From ${begun ? 5 : 4} check-ins, 5 blocks you moved and \\d finished tasks\\.`),
      ),
    ).toBeVisible();
    await expect(
      learned.getByRole("img", { name: /outlined bars are what you said/ }),
    ).toBeVisible();
    await expect(learned.getByText("Where Sage now plans hard work")).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/learned-${width}.png`, fullPage: true });
    await learned.screenshot({ path: `test-results/learned-section-${width}.png` });

    // Undo: Sage forgets the evidence so far and plans as the person said
    await change.getByRole("button", { name: "Undo" }).click();
    await expect(learned.getByText(/No changes yet: Sage plans exactly as you said/)).toBeVisible();
    const back = (await call(page, "POST", "/api/plan", { days: 7 })) as { placed: Placed[] };
    const again = back.placed.find((p) => p.taskId === proposal.taskId)!;
    expect(DateTime.fromISO(again.start, { zone: ZONE }).hour).toBeLessThan(12);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/learned-undone-${width}.png`, fullPage: true });
  });
}
