import type { Page } from "@playwright/test";
import { call, expect, signIn, test, uniqueEmail } from "./fixtures.ts";
import { pauseClock, expectAccessibleWhilePaused as scan } from "./paused-clock.ts";

/** Answers the six steps; the clock is Playwright's, so the 15 s animation can be skipped. */
async function answerQuestionnaire(page: Page, additionalInfo: string | null) {
  await expect(
    page.getByRole("heading", { name: "What gets in the way of your productivity most?" }),
  ).toBeVisible();
  await expect(page.getByText("Step 1 of 6")).toBeVisible();
  await scan(page);
  await page.getByRole("button", { name: /^Procrastination/ }).click();
  await expect(page.getByText("Step 2 of 6")).toBeVisible();
  await page.getByRole("button", { name: /^Morning/ }).click();
  await page.getByRole("button", { name: /^Structured job/ }).click();
  // Previous goes back a step and shows the earlier choice
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("button", { name: /^Structured job/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: /^Structured job/ }).click();
  await page.getByRole("button", { name: /^Deep work/ }).click();
  await page.getByRole("button", { name: /^I wait until the last minute/ }).click();
  await expect(page.getByText("Step 6 of 6")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await scan(page);
  if (additionalInfo === null) {
    await page.getByRole("button", { name: "Skip" }).click();
  } else {
    await page.getByRole("textbox").fill(additionalInfo);
    await page.getByRole("button", { name: "Continue" }).click();
  }
}

async function runAnimation(page: Page) {
  const status = page.getByRole("status");
  // the ritual reports what the profile decided, one step at 25, 50 and 75 percent
  await expect(status).toHaveText(/^Energy: your hardest work goes to /);
  await page.clock.fastForward(4_000);
  await expect(status).toHaveText(/^Rhythm: .* focus blocks/);
  await page.clock.fastForward(4_000);
  await expect(status).toHaveText(/^Strategies: \d+-minute buffers/);
  await page.clock.fastForward(4_000);
  await expect(status).toHaveText(/^Calendar: /);
  // the result waits for the whole animation
  await expect(
    page.getByRole("heading", { name: "Your productivity profile", exact: true }),
  ).toBeHidden();
  await page.clock.fastForward(3_500);
}

test("anonymous: six steps, the 15 s animation, then the profile and at most 3 next steps", async ({
  page,
}) => {
  await pauseClock(page);
  await page.goto("/productivity");
  await answerQuestionnaire(page, "School pickup at 3 pm");
  await runAnimation(page);

  await expect(
    page.getByRole("heading", { name: "Your productivity profile", exact: true }),
  ).toBeVisible();
  await expect(page.getByText("You have the most energy in the morning (8–11 AM)")).toBeVisible();
  await expect(page.getByText('You also told Sage: "School pickup at 3 pm"')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your next steps" })).toBeVisible();
  const steps = page.getByRole("list").filter({ hasText: "Block 9–11 am" });
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText("This is your free preview.")).toBeVisible();
  await scan(page);

  await page.getByRole("button", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("signed in: the profile is saved, the journey opens the chat, and the assistant is listed", async ({
  page,
}) => {
  const email = uniqueEmail("productivity");
  await signIn(page, email);
  await pauseClock(page);
  await page.goto("/productivity");
  await answerQuestionnaire(page, null);
  await runAnimation(page);
  await expect(page.getByText("Saved to your account")).toBeVisible();
  await expect(page.getByText("You also told Sage")).toBeHidden();

  // routines that fit the answers (issue 29): offered, each added only on its own click
  await expect(page.getByRole("heading", { name: "Routines that fit you" })).toBeVisible();
  expect((await call(page, "GET", "/api/routines")).routines).toEqual([]);
  await page.getByRole("button", { name: "Add Weekly review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toBeVisible();
  await scan(page);
  await page.screenshot({ path: ".tmp/productivity-routines.png", fullPage: true });
  const added = (await call(page, "GET", "/api/routines")).routines as { title: string }[];
  expect(added.map((r) => r.title)).toEqual(["Weekly review"]);

  await page.getByRole("button", { name: "Start Your Productivity Journey" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  const state = await page.evaluate(() => (history.state as { usr?: unknown }).usr);
  expect(state).toMatchObject({
    domain: "productivity",
    contextSummary: expect.stringContaining("in the morning (8–11 AM)"),
    responses: { struggle: "procrastination", peak_time: "morning", additional_info: "" },
  });

  // what the chat sidebar reads: GET /api/domain-contexts
  const contexts = await page.evaluate(async () => {
    const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
    const res = await fetch("/api/domain-contexts", {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return res.json();
  });
  expect(contexts.contexts).toHaveLength(1);
  expect(contexts.contexts[0]).toMatchObject({
    domain: "productivity",
    context_summary: expect.stringContaining("in the morning (8–11 AM)"),
  });
});

test("signed out: starting the journey signs in, saves the profile and lands in the chat", async ({
  page,
}) => {
  await pauseClock(page);
  await page.goto("/productivity");
  await answerQuestionnaire(page, "Gym on Tuesdays");
  await runAnimation(page);
  await page.getByRole("button", { name: "Start Your Productivity Journey" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel("E-mail address").fill(uniqueEmail("journey"));
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  const state = await page.evaluate(() => (history.state as { usr?: unknown }).usr);
  expect(state).toMatchObject({
    domain: "productivity",
    contextSummary: expect.stringContaining('You also told Sage: "Gym on Tuesdays"'),
  });
  const contexts = await page.evaluate(async () => {
    const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
    return (
      await fetch("/api/domain-contexts", { headers: { authorization: `Bearer ${accessToken}` } })
    ).json();
  });
  expect(contexts.contexts.map((c: { domain: string }) => c.domain)).toEqual(["productivity"]);
});

test("a slow profile shows the finishing-touches notice; a failed one is composed on the device", async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/productivity/generate", async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { error: "down", code: "service_unavailable" } });
  });
  await pauseClock(page);
  await page.goto("/productivity");
  await answerQuestionnaire(page, null);
  await page.clock.fastForward(16_000);
  await expect(page.getByRole("status")).toHaveText(/finishing touches/);
  await scan(page); // the building screen, held still by the pending request
  release();
  await expect(
    page.getByRole("heading", { name: "Your productivity profile", exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/put together on your device/)).toBeVisible();
  await expect(page.getByText("You have the most energy in the morning (8–11 AM)")).toBeVisible();
  await scan(page);
});
