import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

test("chat: send a message, watch it stream, find it again after a reload", async ({ page }) => {
  await signIn(page, uniqueEmail("chat"));
  await expect(page.getByRole("heading", { name: "Welcome to your calendar AI!" })).toBeVisible();
  await expect(page.getByText("You have 15 free interactions remaining.")).toBeVisible();
  await expect(page.getByText("No conversations yet")).toBeVisible();
  await expectAccessible(page);

  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  const box = page.getByPlaceholder("Type your message...");
  await box.fill("   ");
  await expect(send).toBeDisabled();

  // hold the request briefly so 'Thinking...' is observable before the first token
  await page.route("**/api/chat", async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await box.fill("How should I organise my week?");
  await send.click();
  await expect(page.getByText("Thinking...")).toBeVisible();
  // streamed: the reply is seen part-way, before it is complete
  await page.waitForFunction(
    () => {
      const text =
        document.querySelector("ol[aria-label=Messages] > li:last-child")?.textContent ?? "";
      return text.includes("Here's how") && !text.includes("turn them into time blocks");
    },
    undefined,
    { polling: "raf", timeout: 10_000 },
  );
  await expect(page.getByText("I'll turn them into time blocks")).toBeVisible();
  await page.unroute("**/api/chat");
  await expect(page.getByText("Thinking...")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /How should I organise my week/ })).toBeVisible();
  await expect(page.getByText("1 of 15 this month")).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await page.getByRole("button", { name: /How should I organise my week/ }).click();
  await expect(page.getByText("Here's how I'd shape your plan:")).toBeVisible();
  await expect(page.locator("ol[aria-label=Messages] > li")).toHaveCount(2);

  // markdown from the model is rendered, raw HTML is not
  await box.fill("<img src=x onerror=alert(1)> what can you do?");
  await send.click();
  await expect(page.getByText("I'm Sage, your calendar assistant.")).toBeVisible();
  await expect(page.locator("ol[aria-label=Messages] img")).toHaveCount(0);
});

test("chat: an exhausted allowance shows the limit box and leads to the upgrade screen", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail("limit"));
  const box = page.getByPlaceholder("Type your message...");
  for (let i = 1; i <= 15; i++) {
    await box.fill(`message number ${i}`);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(`${i} of 15 this month`)).toBeVisible();
  }
  await expect(page.getByText("Usage Limit Reached")).toBeVisible();
  await expect(
    page.getByText("You've reached your free message limit. Upgrade to continue chatting."),
  ).toBeVisible();
  await expect(page.getByPlaceholder("Upgrade to keep chatting")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Upgrade now" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("chat: the phone-width drawer opens and closes on an outside click", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, uniqueEmail("drawer"));
  const sidebar = page.getByRole("complementary", { name: "Chat navigation" });
  await expect(sidebar.getByText("Recent Chats")).not.toBeInViewport();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(sidebar.getByText("Recent Chats")).toBeInViewport();
  await expectAccessible(page);
  await page.mouse.click(360, 400);
  await expect(sidebar.getByText("Recent Chats")).not.toBeInViewport();
});

test("chat: sign out from the sidebar returns home and stays there", async ({ page }) => {
  await signIn(page, uniqueEmail("chatout"));
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});

test("chat: the assistant's change shows as a card with Undo, and survives a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail("cards"));
  const box = page.getByPlaceholder("Type your message...");
  await box.fill("add dentist tomorrow at 3pm for 45 min");
  await page.getByRole("button", { name: "Send" }).click();
  const card = page.getByRole("region", { name: "Added" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Dentist");
  await expect(card).toContainText("3:00 PM – 3:45 PM");
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/chat-card-1280.png" });
  await page.setViewportSize({ width: 375, height: 740 });
  // the drawer slides away when the width drops: let it finish before the picture
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await page.waitForTimeout(600);
  await page.screenshot({ path: "test-results/chat-card-375.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("region", { name: "Added" })).toContainText("undone");
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);

  // "thanks!" gets a line, not a coaching question
  await box.fill("thanks!");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.locator("ol[aria-label=Messages] > li")).toHaveCount(4);

  await page.reload();
  await page.getByRole("button", { name: /add dentist tomorrow/ }).click();
  await expect(page.getByRole("region", { name: "Added" })).toContainText("undone");
});

test("chat: an uncertain reading is a proposal card, written only on Yes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail("proposal"));
  const box = page.getByPlaceholder("Type your message...");
  await box.fill("add yoga every monday wednesday and friday at 6:30am");
  await page.getByRole("button", { name: "Send" }).click();
  const card = page.getByRole("region", { name: "Proposed — nothing written yet" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Add: Yoga");
  await expect(card).toContainText("every Monday, Wednesday and Friday");
  await expect(card.getByRole("button", { name: "Undo" })).toHaveCount(0);
  // a question back costs nothing
  await expect(page.getByText("0 of 15 this month")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: ".tmp/chat-proposal-1280.png" });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await page.waitForTimeout(600);
  await expect(card.getByRole("button", { name: "Yes" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: ".tmp/chat-proposal-375.png" });

  await card.getByRole("button", { name: "Yes" }).click();
  const added = page.getByRole("region", { name: "Added" });
  await expect(added).toContainText("Yoga");
  await expect(added).toContainText("every Monday, Wednesday and Friday");
  // the answered proposal keeps no buttons
  await expect(page.getByRole("button", { name: "Yes" })).toHaveCount(0);
  await page.screenshot({ path: ".tmp/chat-proposal-yes-375.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByText("1 of 15 this month")).toBeVisible();
  await expectAccessible(page);
});

test("chat: 'plan my week: …' adds the task and shows the plan's blocks with their reasons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail("plan-card"));
  const box = page.getByPlaceholder("Type your message...");
  await box.fill("plan my week: write report 3h due Friday");
  await page.getByRole("button", { name: "Send" }).click();
  const card = page.getByRole("region", { name: /^Planned/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Write report");
  await expect(page.getByText("Added “Write report” to your tasks.")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/chat-plan-card-1280.png" });
});
