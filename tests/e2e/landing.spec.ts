import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

/**
 * Opens the landing page and waits until the app has taken over the prerendered HTML (the
 * vote counts only appear then), so clicks reach React's handlers.
 */
async function openLanding(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.getByTestId("votes-fitness")).toHaveText(/^\d+ votes?$/);
}

test("the landing page shows every section and passes the accessibility scan", async ({ page }) => {
  await openLanding(page);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "An AI that manages your calendar the way you actually work",
    }),
  ).toBeVisible();
  await expect(page.getByText("Answer 6 questions")).toBeVisible();
  await expect(page.getByText("Free preview - No signup required")).toBeVisible();
  for (const name of [
    "Calendar Intelligence",
    "Generic AI assistants vs. a calendar AI that knows you",
    "Choose Your Sage",
    "Vote for the next Sage",
    "What We DON'T Do",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByText("No gamification or scores")).toBeVisible();
  await expect(page.getByText("No selling your data")).toBeVisible();
  await expect(page.getByText("No shaming for missed tasks")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Upvote / })).toHaveCount(9);
  await expectAccessible(page);

  // /dashboard is the same page
  await openLanding(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Choose Your Sage" })).toBeVisible();
});

test("the hero button scrolls to the calendar section, which opens /productivity", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openLanding(page);
  const heading = page.getByRole("heading", { level: 2, name: "Calendar Intelligence" });
  await expect(heading).not.toBeInViewport();
  await page.getByRole("button", { name: "Get my free calendar preview" }).click();
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  await page.getByRole("link", { name: "Start my free calendar preview" }).click();
  await expect(page).toHaveURL(/\/productivity$/);
});

test("a vote counts once: the count rises, the button is disabled, and stays so after a reload", async ({
  page,
}) => {
  await openLanding(page);
  const count = page.getByTestId("votes-fitness");
  await expect(count).toHaveText(/^\d+ votes?$/);
  const before = Number((await count.textContent())!.split(" ")[0]);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/sage-votes") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Upvote Fitness Sage" }).click();
  await expect(count).toHaveText(`${before + 1} ${before + 1 === 1 ? "vote" : "votes"}`);
  await expect(page.getByRole("button", { name: "Voted for Fitness Sage" })).toBeDisabled();
  expect(await (await saved).json()).toEqual({ saved: true, newCount: before + 1 });

  await page.reload();
  await expect(page.getByRole("button", { name: "Voted for Fitness Sage" })).toBeDisabled();
  await expect(count).toHaveText(`${before + 1} ${before + 1 === 1 ? "vote" : "votes"}`);
  // the others are still open
  await expect(page.getByRole("button", { name: "Upvote Goals Sage" })).toBeEnabled();

  // the server refuses a second vote from this browser even if the page forgot
  const repeat = await page.evaluate(async () => {
    const res = await fetch("/api/sage-votes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sageId: "fitness", hostname: location.hostname }),
    });
    return res.json();
  });
  expect(repeat).toEqual({ saved: false, newCount: before + 1 });
});

test("the quick setup runs one question at a time to the profile summary", async ({ page }) => {
  await openLanding(page);
  await page.getByLabel("Life area").selectOption("goals");
  await page.getByRole("button", { name: "Start quick setup" }).click();

  const answers = [
    "Save for a deposit on a flat",
    "A stable home before school starts",
    "About a third saved",
    "Unexpected costs",
    "An hour on Sunday evenings",
  ];
  for (const [i, answer] of answers.entries()) {
    await expect(page.getByText(`${i + 1} of 5`)).toBeVisible();
    const box = page.getByRole("textbox");
    await expect(box).toBeFocused();
    const advance = page.getByRole("button", { name: i === 4 ? "Complete Setup" : "Next" });
    await expect(advance).toBeDisabled();
    await box.fill(answer);
    if (i === 0) await expectAccessible(page);
    await advance.click();
  }
  await expect(
    page.getByRole("heading", { name: "Perfect! I'm getting to know you." }),
  ).toBeVisible();
  await expect(page.getByText("Your Profile:")).toBeVisible();
  await expect(
    page.getByText("Your goal this year is “Save for a deposit on a flat”."),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Help Me With Something Else" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Choose Your Sage" })).toBeFocused();
});

test("a signed-in user can run the quick setup from home and start getting help in the chat", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("onboarding"));
  await page.getByRole("link", { name: "Sage home" }).click(); // fromChat: stays home
  await page.getByLabel("Life area").selectOption("goals");
  await page.getByRole("button", { name: "Start quick setup" }).click();
  // the open flow keeps a signed-in user on / (no auto-redirect to /chat)
  for (let i = 0; i < 5; i++) {
    await page.getByRole("textbox").fill(`Answer number ${i + 1}`);
    await page.getByRole("button", { name: i === 4 ? "Complete Setup" : "Next" }).click();
  }
  await expect(page.getByText("Your Profile:")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Start Getting Help" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText("Here's what I learned about how you work:")).toBeVisible();
  await expect(page.getByRole("button", { name: /goals assistant/i })).toBeVisible();
});

test("a visitor's quick setup survives sign-in and becomes an assistant in the chat", async ({
  page,
}) => {
  await openLanding(page);
  await page.getByLabel("Life area").selectOption("goals");
  await page.getByRole("button", { name: "Start quick setup" }).click();
  for (let i = 0; i < 5; i++) {
    await page.getByRole("textbox").fill(`My answer ${i + 1}`);
    await page.getByRole("button", { name: i === 4 ? "Complete Setup" : "Next" }).click();
  }
  await expect(page.getByText("Your Profile:")).toBeVisible();
  await page.getByRole("button", { name: "Start Getting Help" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel("E-mail address").fill(uniqueEmail("pending"));
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText("Here's what I learned about how you work:")).toBeVisible();
  const assistant = page.getByRole("button", { name: /goals assistant/i });
  await expect(assistant).toBeVisible();
  await assistant.click();
  await expect(
    page.getByText(
      "Hi! I'm your goals assistant. I remember everything about your goals goals and preferences. What would you like to work on today?",
    ),
  ).toBeVisible();
});

test("the footer opens the privacy policy and the terms, and offers support by mail", async ({
  page,
}) => {
  await openLanding(page);
  const footer = page.getByRole("navigation", { name: "Legal and support" });
  await expect(footer.getByRole("link", { name: "Contact support" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );

  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText("we never sell your data")).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole("navigation", { name: "Legal and support" })
    .getByRole("link", {
      name: "Terms of Service",
    })
    .click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expectAccessible(page);
});

test("showPricing opens the pricing screen in place of the content", async ({ page }) => {
  await page.goto("/cancel");
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose your plan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose Your Sage" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue with current plan" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Choose Your Sage" })).toBeVisible();
});
