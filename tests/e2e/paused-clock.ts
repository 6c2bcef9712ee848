import type { Page } from "@playwright/test";
import { expectAccessible } from "./fixtures.ts";

/**
 * Playwright's clock, paused: the page's timers (the 15 s build animation, the fitness
 * progress messages) move only when the test fast-forwards. Production code is untouched.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date("2026-03-02T08:00:00Z") });
  await page.clock.pauseAt(new Date("2026-03-02T08:00:01Z"));
}

/**
 * The axe scan needs running timers: the clock runs for the scan, then pauses again (the
 * page sees only the scan's own time, plus a quarter second, pass).
 */
export async function expectAccessibleWhilePaused(page: Page): Promise<void> {
  await page.clock.resume();
  await expectAccessible(page);
  // pause just ahead of the page's time (it keeps moving while we ask for it)
  for (const ahead of [250, 1000, 3000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch {
      // the page's time passed `now + ahead` before the call landed: try a little further on
    }
  }
  throw new Error("could not pause the page clock again");
}
