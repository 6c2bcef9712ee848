import type { Page } from "@playwright/test";
import { PLANS } from "../../src/core/plans.ts";
import {
  expect,
  expectAccessible,
  signIn,
  startAssessment,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/** Every screen tells the truth (issue 19): cards, gated areas, the 404 status, the phone header. */

async function openPricing(page: Page) {
  await page.goto("/");
  await page.evaluate(() => {
    history.pushState({ usr: { showPricing: true, fromChat: true }, key: "p" }, "", "/");
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  });
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
}

test("each pricing card lists exactly what its plan includes and leaves out", async ({ page }) => {
  await openPricing(page);
  for (const plan of PLANS) {
    const card = page.getByRole("listitem", { name: new RegExp(`^${plan.name}`) });
    const expected = [...plan.features, ...plan.unavailableFeatures];
    // retried until the plans have loaded; whitespace is normalised
    await expect(card.getByRole("list").getByRole("listitem")).toHaveText(
      expected.map((f) => (plan.unavailableFeatures.includes(f) ? `${f} (not included)` : f)),
    );
  }
  await expect(page.getByText(/premium models|priority support|creating images/i)).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/truth-pricing-1280.png", fullPage: true });
});

test("a free user is led from a Starter area to its plan, and gets the assistant after upgrading", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail("gated"));

  // the server refuses a free user's travel assistant, with the plan that includes it
  const refused = await page.evaluate(async () => {
    const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
    const res = await fetch("/api/onboarding/context", {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ domain: "travel", answers: { "Where to?": "Japan" } }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe(
    "Travel is part of the Starter plan. Upgrade to use this assistant.",
  );

  // the landing page marks it and leads to the plan instead of a questionnaire
  await page.getByRole("link", { name: "Sage home" }).click();
  await expect(page.getByRole("option", { name: "Travel (Starter plan)" })).toBeAttached();
  await page.getByLabel("Life area").selectOption("travel");
  await page.getByRole("button", { name: "Start quick setup" }).click();
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "is part of the" })).toHaveText(
    "travel is part of the Starter plan. Upgrade to get help with it.",
  );
  await expectAccessible(page);

  // demo checkout → Starter
  await page
    .getByRole("listitem", { name: /^Starter/ })
    .getByRole("button", { name: "Upgrade to Starter" })
    .click();
  await page.getByRole("button", { name: "Pay $5.00" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByText("Starter", { exact: true })).toBeVisible();

  // now the quick setup runs and the chat is the travel assistant's
  await page.goto("/");
  await page.evaluate(() => {
    history.replaceState({ usr: { fromChat: true }, key: "h" }, "", "/");
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  });
  await page.getByLabel("Life area").selectOption("travel");
  await page.getByRole("button", { name: "Start quick setup" }).click();
  for (let i = 0; i < 5; i++) {
    await page.getByRole("textbox").fill(i === 0 ? "Japan in April, ten days" : `Answer ${i + 1}`);
    await page.getByRole("button", { name: i === 4 ? "Complete Setup" : "Next" }).click();
  }
  await expect(
    page.getByText(/Sage is a calendar assistant: for your travel it will/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Start Getting Help" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("heading", { level: 1, name: "Travel assistant" })).toBeVisible();
  await page.getByPlaceholder("Type your message...").fill("plan a 10 day trip to Japan");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(
    page.getByText("I'm Sage, a calendar assistant, so I can't plan the trip itself", {
      exact: false,
    }),
  ).toBeVisible();
  // the reply quotes the person's own answer, and the profile above it says it in a sentence
  await expect(page.getByText("Next trip: Japan in April, ten days")).toHaveCount(1);
  await expect(page.getByText("Your next trip would be “Japan in April, ten days”.")).toBeVisible();
  // a paying user is not told about free interactions, and the badge is no network state
  await expect(page.getByText(/free interactions/)).toHaveCount(0);
  await expect(page.getByText("Offline assistant")).toHaveCount(0);

  // back on Free (the demo portal's cancel), the travel assistant is kept but locked
  const cancelled = await page.evaluate(async () => {
    const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
    const res = await fetch("/api/demo-billing/cancel-subscription", {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return res.status;
  });
  expect(cancelled).toBe(200);
  await page.reload();
  const travel = page.getByRole("button", { name: /travel assistant/i });
  await expect(travel).toContainText("Locked: part of the Starter plan");
  await travel.click();
  await page.getByPlaceholder("Type your message...").fill("hello again");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Travel is part of" })).toHaveText(
    /Travel is part of the Starter plan\. Upgrade to use this assistant\./,
  );
});

test("a Starter subscriber's fitness program has every week, written from what they said", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, uniqueEmail("fullprogram"));
  const tier = await page.evaluate(async () => {
    const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
    const headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
    const checkout = await fetch("/api/create-checkout-session", {
      method: "POST",
      headers,
      body: JSON.stringify({ priceId: "demo_price_starter" }),
    });
    const sessionId = new URL((await checkout.json()).url).searchParams.get("session_id");
    await fetch("/api/demo-billing/complete", {
      method: "POST",
      headers,
      body: JSON.stringify({ sessionId }),
    });
    return (await (await fetch("/api/usage", { headers })).json()).tier;
  });
  expect(tier).toBe("starter");

  await page.goto("/fitness");
  await startAssessment(page);
  const next = page.getByRole("button", { name: "Next" });
  await page.getByLabel("Build muscle").check();
  await next.click();
  await page.getByLabel(/^Beginner/).check();
  await next.click();
  for (const day of ["Monday", "Wednesday", "Friday"]) await page.getByLabel(day).check();
  await next.click();
  await page.getByRole("textbox").fill("I like swimming");
  await page.getByRole("button", { name: "Generate Program" }).click();

  await expect(page.getByText("Full program · 8 weeks")).toBeVisible();
  await expect(page.getByText(/You said you enjoy swimming/)).toBeVisible();
  await expect(page.getByText(/in a gym/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Every week" })).toBeVisible();
  await page.locator("summary", { hasText: /^Week 8: Check-in week/ }).click();
  await expect(
    page.getByRole("heading", { name: "Friday: Full-body strength A" }).last(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /Get the full program/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Program" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: "test-results/screens/truth-full-program-1280.png",
    fullPage: true,
  });
});

test("a bad e-mail at sign-in reads as a sentence, with no field name", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill("not-an-email");
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();
  await expect(page.getByRole("alert")).toHaveText("Sign in failed: Enter a valid e-mail address");
});

test("an unknown path answers 404 and shows the app's 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  const known = await page.goto("/privacy");
  expect(known?.status()).toBe(200);
});

/** What the page reports about hydration: main.tsx logs a recoverable mismatch as a warning. */
function hydrationReports(page: Page): string[] {
  const reports: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") reports.push(m.text());
  });
  page.on("pageerror", (e) => reports.push(e.message));
  return reports;
}

test("the landing page reloaded after a vote hydrates without an error", async ({ page }) => {
  const errors = hydrationReports(page);
  await page.goto("/");
  const upvote = page.getByRole("button", { name: "Upvote Travel Sage" });
  await expect(page.getByTestId("votes-travel")).toHaveText(/^\d+ votes?$/);
  await upvote.click();
  await expect(page.getByRole("button", { name: "Voted for Travel Sage" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: "Voted for Travel Sage" })).toBeDisabled();
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
});

test("the pricing screen opened from the chat comes back by Back without a hydration error", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("back"));
  await page.getByRole("button", { name: "Upgrade", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  // the chat opened afresh (a new tab's link, a reload), then Back: the landing's document is
  // loaded again and hydrated, with the pricing screen still in its history entry
  await page.goto("/chat");
  await expect(page.getByRole("button", { name: "Upgrade", exact: true })).toBeVisible();
  const errors = hydrationReports(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
});

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 760 } });

  for (const tier of ["starter", "pro"] as const) {
    test(`a ${tier} subscriber's site header stays on one row`, async ({ page }) => {
      await signIn(page, uniqueEmail(`${tier}-header`));
      const upgraded = await page.evaluate(async (priceId) => {
        const { accessToken } = await (await fetch("/api/auth/refresh", { method: "POST" })).json();
        const headers = {
          authorization: `Bearer ${accessToken}`,
          "content-type": "application/json",
        };
        const checkout = await fetch("/api/create-checkout-session", {
          method: "POST",
          headers,
          body: JSON.stringify({ priceId }),
        });
        const sessionId = new URL((await checkout.json()).url).searchParams.get("session_id");
        await fetch("/api/demo-billing/complete", {
          method: "POST",
          headers,
          body: JSON.stringify({ sessionId }),
        });
        return (await (await fetch("/api/usage", { headers })).json()).tier;
      }, `demo_price_${tier}`);
      expect(upgraded).toBe(tier);

      // a signed-in person lands in the chat: its header keeps one row too
      await page.goto("/");
      await expect(page).toHaveURL(/\/chat$/);
      const chatHeader = page.locator("main header");
      await expect(chatHeader.getByRole("heading", { level: 1 })).toBeVisible();
      expect((await chatHeader.boundingBox())!.height).toBeLessThan(80);
      await page.screenshot({ path: `test-results/screens/truth-chat-${tier}-375.png` });

      // the landing page, as the chat's "Sage home" opens it
      await page.evaluate(() => {
        history.pushState({ usr: { fromChat: true }, key: "h" }, "", "/");
        dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      });
      const banner = page.getByRole("banner").first();
      const manage = banner.getByRole("button", { name: "Manage Subscription" });
      await expect(manage).toBeVisible();
      await expect(banner.getByRole("button", { name: "Upgrade" })).toBeHidden();
      await expect(banner.getByRole("button", { name: "Sign Out" })).toBeVisible();
      // one row: the account controls share the logo's line
      const [logo, signOut] = await Promise.all([
        banner.getByRole("link", { name: "Sage home" }).boundingBox(),
        banner.getByRole("button", { name: "Sign Out" }).boundingBox(),
      ]);
      expect(
        Math.abs(logo!.y + logo!.height / 2 - (signOut!.y + signOut!.height / 2)),
      ).toBeLessThan(8);
      expect((await banner.boundingBox())!.height).toBeLessThan(72);
      await page.screenshot({ path: `test-results/screens/truth-header-${tier}-375.png` });
      await expectAccessible(page);
    });
  }

  test("the chat header has an icon menu button, the usage and the context's name", async ({
    page,
  }) => {
    await signIn(page, uniqueEmail("phone"));
    const header = page.locator("main header");
    const menu = header.getByRole("button", { name: "Open menu" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveText("");
    await expect(
      header.getByRole("button", { name: "0 of 15 messages used this month. See plans" }),
    ).toBeVisible();
    await expect(header.getByRole("heading", { level: 1 })).toHaveText("General chat");
    const box = await header.boundingBox();
    expect(box!.height).toBeLessThan(80);
    await expect(page.getByRole("button", { name: "What's on tomorrow?" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/truth-chat-375.png" });
    await expectAccessible(page);

    // the usage indicator leads to the plans, whose header stays on one row
    await header.getByRole("button", { name: /messages used this month/ }).click();
    await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
    const siteHeader = await page.getByRole("banner").first().boundingBox();
    await page.screenshot({ path: "test-results/screens/truth-pricing-375.png" });
    expect(siteHeader!.height).toBeLessThan(72);
  });
});
