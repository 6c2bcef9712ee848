import type { Page } from "@playwright/test";
import { expect, expectAccessible, startAssessment, test, uniqueEmail } from "./fixtures.ts";
import { pauseClock, expectAccessibleWhilePaused as scanPaused } from "./paused-clock.ts";

async function answerAssessment(
  page: Page,
  scan: (page: Page) => Promise<void> = expectAccessible,
) {
  await page.goto("/fitness");
  await expect(page.getByText("Answer 4 quick questions")).toBeVisible();
  await expect(page.getByText("Takes about 2 minutes")).toBeVisible();
  await scan(page);
  await startAssessment(page);
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await page.getByLabel("Build muscle").check();
  await scan(page);
  await next.click();

  await expect(page.getByText("Question 2 of 4")).toBeVisible();
  await page.getByLabel(/^Intermediate/).check();
  await next.click();

  await expect(page.getByText("Question 3 of 4")).toBeVisible();
  await expect(next).toBeDisabled();
  for (const day of ["Monday", "Tuesday", "Thursday", "Friday"]) await page.getByLabel(day).check();
  await scan(page);
  // Previous restores the earlier answer
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel(/^Intermediate/)).toBeChecked();
  await next.click();
  await expect(page.getByLabel("Thursday")).toBeChecked();
  await next.click();

  await expect(page.getByText("Question 4 of 4")).toBeVisible();
  const generate = page.getByRole("button", { name: "Generate Program" });
  await expect(generate).toBeDisabled();
  await page.getByRole("textbox").fill("Dumbbells at home, I love cycling");
  await generate.click();
}

test("a tap before the prerendered page's code has loaded is answered once it has", async ({
  page,
}) => {
  // the app's code arrives only when the test lets it, as on a slow phone
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto("/fitness");
  const start = page.getByRole("button", { name: "Start Assessment" });
  await expect(start).toBeVisible();
  await start.click();
  // nothing has answered yet, and the tap posted nothing
  await page.waitForTimeout(300);
  await expect(page.getByText("Question 1 of 4")).toBeHidden();
  await expect(page).toHaveURL(/\/fitness$/);
  release();
  await expect(page.getByText("Question 1 of 4")).toBeVisible();
  await expectAccessible(page);
});

test("signed out: assessment → preview → sign in → saved → upgrade or keep the preview", async ({
  page,
}) => {
  await answerAssessment(page);
  await expect(page.getByRole("status")).toHaveText(/ready|Reading|Analyzing/);

  await expect(
    page.getByRole("heading", { name: "Your fitness program", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Program overview" })).toBeVisible();
  await expect(page.getByText(/A 10-week muscle-building program/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Weekly structure" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Week 1 preview" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Monday: Upper body" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Friday: Lower body" })).toBeVisible();
  await expect(page.getByText("Dumbbell bench press: 4 × 8–10").first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Sign In & Save Program" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  const email = uniqueEmail("fitness");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();

  await expect(page).toHaveURL(/\/fitness$/);
  await expect(page.getByRole("heading", { name: "Your program is saved!" })).toBeVisible();
  await expectAccessible(page);

  const contexts = await page.evaluate(async () => {
    const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
    return (
      await fetch("/api/domain-contexts", { headers: { authorization: `Bearer ${accessToken}` } })
    ).json();
  });
  expect(contexts.contexts).toEqual([
    expect.objectContaining({
      domain: "fitness",
      context_summary: expect.stringContaining("Monday, Tuesday, Thursday, Friday"),
    }),
  ]);

  await page.getByRole("button", { name: "Continue with free preview" }).click();
  await expect(
    page.getByRole("heading", { name: "Your fitness program", exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Saved to your account.")).toBeVisible();

  await page.getByRole("button", { name: "Get the full program with Starter ($5/month)" }).click();
  await expect(page).toHaveURL(/\/$/);
  const state = await page.evaluate(() => (history.state as { usr?: unknown }).usr);
  expect(state).toEqual({ showPricing: true });
});

test("one honest message while the program is written, then what was built and the preview", async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/fitness/generate", async (route) => {
    await held;
    await route.continue();
  });
  await pauseClock(page);
  await answerAssessment(page, scanPaused);
  const status = page.getByRole("status");
  await expect(status).toHaveText("Writing your program from your 4 answers...");
  await page.clock.fastForward(5_000);
  await expect(status).toHaveText("Writing your program from your 4 answers...");
  await scanPaused(page); // nothing changes on a timer before the answer arrives
  release();
  await expect(status).toHaveText("Your program is ready!");
  await expect(page.getByText(/^10 weeks, 4 sessions a week: Monday, Tuesday/)).toBeVisible();
  await expect(page.getByText("Week 1 written out in full")).toBeVisible();
  await page.clock.fastForward(1_400);
  await expect(
    page.getByRole("heading", { name: "Your fitness program", exact: true }),
  ).toBeHidden();
  await page.clock.fastForward(200);
  await expect(
    page.getByRole("heading", { name: "Your fitness program", exact: true }),
  ).toBeVisible();
});

test("a failed generation apologises and previews the fallback program", async ({ page }) => {
  await page.route("**/api/fitness/generate", (route) =>
    route.fulfill({ status: 429, json: { error: "Rate limit exceeded.", code: "rate_limited" } }),
  );
  await answerAssessment(page);
  await expect(page.getByRole("status")).toHaveText(
    /Sorry, we couldn't create your custom program/,
  );
  await expect(
    page.getByRole("heading", { name: "Your fitness program", exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Program length: 8-10 weeks")).toBeVisible();
  await expect(page.getByText(/this is our proven starter program/)).toBeVisible();
});
