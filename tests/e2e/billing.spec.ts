import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

async function sendMessages(page: Page, count: number, limit: number) {
  const box = page.getByPlaceholder("Type your message...");
  for (let i = 1; i <= count; i++) {
    await box.fill(`message number ${i}`);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(`${i} of ${limit} this month`)).toBeVisible();
  }
}

test("free user runs out, pays for Starter, chats again, then cancels back to free", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail("billing"));
  await sendMessages(page, 15, 15);

  // the usage-exceeded banner leads to the pricing screen
  const banner = page.getByRole("alert").filter({ hasText: "You've used all 15 messages" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Keep Getting Help" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  const starter = page.getByRole("listitem", { name: /^Starter/ });
  await expect(starter.getByText("Most Popular")).toBeVisible();
  await expect(
    page.getByRole("listitem", { name: /^Free/ }).getByText("Current Plan"),
  ).toBeVisible();
  await expect(page.getByText("15 of 15 messages")).toBeVisible();
  // what counts as a message, as the server counts it (issue 28)
  await expect(page.getByText(/Small talk such as “hi” or “thanks” never counts/)).toBeVisible();
  await page.screenshot({ path: ".tmp/pricing-what-counts.png", fullPage: true });
  await expectAccessible(page);

  // checkout on the demo provider's page
  await starter.getByRole("button", { name: "Upgrade to Starter" }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\?session_id=demo_cs_/);
  await expect(page.getByText("Demo mode — no real charge.")).toBeVisible();
  await expect(page.getByText("$5/month")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Pay $5.00" }).click();

  // /success verifies and welcomes
  await expect(page).toHaveURL(/\/success\?session_id=demo_cs_/);
  await expect(
    page.getByRole("heading", { name: "Welcome to calendar intelligence!" }),
  ).toBeVisible();
  await expect(page.getByText("Starter", { exact: true })).toBeVisible();
  await expect(page.getByText("active", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Start Using Your Calendar AI" }).click();
  await expect(page).toHaveURL(/\/chat$/);

  // the allowance is 200 now and chatting works again
  await expect(page.getByText("15 of 200 this month")).toBeVisible();
  await expect(page.getByText("Usage Limit Reached")).toHaveCount(0);
  await page.getByPlaceholder("Type your message...").fill("Plan my Monday");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("16 of 200 this month")).toBeVisible();

  // the success page was replaced in history: Back does not verify again
  await page.goBack();
  await expect(page).not.toHaveURL(/\/success/);
  await page.goto("/chat");

  // the profile view's Manage Billing opens the demo portal in a new tab
  await page.getByRole("button", { name: "Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Your profile" });
  await expect(dialog.getByText("16 of 200 messages")).toBeVisible();
  await expectAccessible(page);
  const [portal] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Manage Billing" }).click(),
  ]);
  await portal.waitForURL(/\/billing\/demo-portal\?return_url=/);
  await expect(portal.getByText("Starter · $5/month")).toBeVisible();
  await expectAccessible(portal);
  await portal.getByRole("button", { name: "Cancel subscription" }).click();
  await portal.getByRole("button", { name: "Yes, cancel subscription" }).click();
  await expect(
    portal.getByText("Your subscription is cancelled. You're on the Free plan."),
  ).toBeVisible();
  await expect(portal.getByText("You have no active subscription.")).toBeVisible();
  await portal.close();

  // back on the chat tab: free again, 16 used of 15, so the limit box is back
  await page.bringToFront();
  await page.reload();
  await expect(page.getByText("16 of 15 this month")).toBeVisible();
  await expect(page.getByText("Usage Limit Reached")).toBeVisible();
  await expect(page.getByPlaceholder("Upgrade to keep chatting")).toBeDisabled();
});

test("cancelling on the checkout page lands on /cancel; Try Again reopens the plans", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("cancel"));
  await page.getByRole("button", { name: "Upgrade" }).first().click();
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout/);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/cancel$/);
  await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
  await expect(
    page.getByText("No worries! Your payment was cancelled and no charges were made."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  await expect(
    page.getByRole("listitem", { name: /^Free/ }).getByText("Current Plan"),
  ).toBeVisible();

  // 'Continue with current plan' returns a signed-in user to the chat
  await page.getByRole("button", { name: "Continue with current plan" }).click();
  await expect(page).toHaveURL(/\/chat$/);

  await page.goto("/cancel");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/); // fromChat: no redirect to /chat
});

test("payment pages explain themselves without a session, and bad routes are a 404", async ({
  page,
}) => {
  await page.goto("/success");
  await expect(page.getByRole("heading", { name: "Payment Error" })).toBeVisible();
  await expect(page.getByText("No payment session found")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Return to App" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/success?session_id=demo_cs_unknown");
  await expect(page.getByText("User not authenticated")).toBeVisible();

  for (const path of ["/billing/nowhere", "/success/extra", "/pricing"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  }
});

test("the profile view exports the user's data and deletes the account for good", async ({
  page,
}) => {
  const email = uniqueEmail("delete");
  await signIn(page, email);
  // a request the assistant acts on costs a message (its "tell me the next step" would not)
  await page.getByPlaceholder("Type your message...").fill("Add gym Tuesday 7am");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("1 of 15 this month")).toBeVisible();

  await page.getByRole("button", { name: "Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Your profile" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Export my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sage-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as {
    user: { email: string };
    data: { conversations: { title: string }[] };
  };
  expect(exported.user.email).toBe(email);
  expect(exported.data.conversations[0]?.title).toBe("Add gym Tuesday 7am");

  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alertdialog")).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  // the refresh cookie is dead too: a reload stays signed out, /chat sends home
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});
