import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

/**
 * Every screen at a phone (375 px) and a desktop (1280 px) width: an accessibility scan, no
 * horizontal overflow, and a screenshot in test-results/screens/ to look at. Plus keyboard
 * use of the modal parts: focus moves in, stays in, Escape closes, focus comes back.
 */
const WIDTHS = [375, 1280] as const;

async function screen(page: Page, width: number, name: string) {
  await expectAccessible(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `test-results/screens/${width}-${name}.png`,
    fullPage: width !== 375,
  });
}

/** Tab `presses` times; focus must stay inside `container` and be visible. */
async function expectFocusTrapped(page: Page, container: Locator, presses = 12) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const inside = await container.evaluate((el) => el.contains(document.activeElement));
    expect(inside, `focus left the dialog after ${i + 1} Tab presses`).toBe(true);
  }
  await expectVisibleFocus(page);
}

async function expectVisibleFocus(page: Page) {
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "none";
    const style = getComputedStyle(el);
    return style.outlineStyle === "none" || style.outlineWidth === "0px"
      ? style.boxShadow
      : style.outlineStyle;
  });
  expect(outline, "the focused element shows no focus indicator").not.toBe("none");
}

for (const width of WIDTHS) {
  test.describe(`${width}px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    test("public screens", async ({ page }) => {
      for (const [name, path, heading] of [
        ["landing", "/", "An AI that manages your calendar the way you actually work"],
        ["productivity", "/productivity", "What gets in the way of your productivity most?"],
        ["fitness", "/fitness", "Get your personalized fitness program"],
        ["signin", "/signin", undefined],
        ["privacy", "/privacy", "Privacy Policy"],
        ["terms", "/terms", "Terms of Service"],
        ["not-found", "/no/such/page", undefined],
        ["cancel", "/cancel", undefined],
      ] as const) {
        await page.goto(path);
        if (heading) await expect(page.getByRole("heading", { name: heading })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await screen(page, width, name);
      }

      // keyboard: the skip link comes first and is visible when focused
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
      await expectVisibleFocus(page);

      await page.getByRole("button", { name: "Start quick setup" }).first().click();
      await expect(page.getByRole("textbox")).toBeVisible();
      await screen(page, width, "onboarding");
    });

    test("signed-in screens and dialogs by keyboard", async ({ page }) => {
      await signIn(page, uniqueEmail(`screens${width}`));
      await expect(
        page.getByRole("heading", { name: "Welcome to your calendar AI!" }),
      ).toBeVisible();
      await screen(page, width, "chat");

      if (width === 375) {
        // the drawer is modal on a phone: focus in, Escape out, focus back on the menu button
        const menu = page.getByRole("button", { name: "Open menu" });
        await menu.focus();
        await page.keyboard.press("Enter");
        const drawer = page.getByRole("complementary", { name: "Chat navigation" });
        await expect
          .poll(() => drawer.evaluate((el) => el.contains(document.activeElement)))
          .toBe(true);
        await screen(page, width, "chat-menu");
        await expectFocusTrapped(page, drawer, 8);
        await page.keyboard.press("Escape");
        await expect(menu).toBeFocused();
        // closed, the drawer is out of the tab order
        await expect(drawer).toHaveAttribute("inert", "");
        await menu.press("Enter");
      }

      // profile dialog: focus trapped, Escape closes, focus returns to the opener
      const profile = page.getByRole("button", { name: "Profile" });
      await profile.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Your profile" });
      await expect(dialog).toBeVisible();
      await screen(page, width, "profile-dialog");
      await expectFocusTrapped(page, dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      if (width === 1280) await expect(profile).toBeFocused();

      // the calendar (its one entry in the sidebar) and the event dialog
      if (width === 375) await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("link", { name: "Calendar", exact: true }).click();
      const panel = page.getByRole("main");
      await expect(panel.getByText("Online", { exact: true })).toBeVisible();
      await screen(page, width, "calendar");
      const add = page.getByRole("button", { name: "Add event" });
      await add.focus();
      await page.keyboard.press("Enter");
      const eventDialog = page.getByRole("dialog", { name: "Add event" });
      await expect(eventDialog).toBeVisible();
      await screen(page, width, "event-dialog");
      await expectFocusTrapped(page, eventDialog);
      await page.keyboard.press("Escape");
      await expect(eventDialog).toBeHidden();
      await expect(add).toBeFocused();
      await page.getByRole("link", { name: "← Chat" }).click();

      // the pricing screen, reached from the chat's Upgrade
      if (width === 375) await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Upgrade", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await screen(page, width, "pricing");

      await page.goto("/success");
      await page.waitForLoadState("networkidle");
      await screen(page, width, "success");

      await page.goto("/how-you-work");
      await expect(page.getByRole("heading", { name: "In words" })).toBeVisible();
      await screen(page, width, "how-you-work");
    });
  });
}
