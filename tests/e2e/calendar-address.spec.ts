import { expect, signIn, test, uniqueEmail } from "./fixtures.ts";

// Issue 32, item 3: the view and the date live in the address — a reload or a shared link
// keeps them, back and forward step through them.
test.use({ timezoneId: "Europe/Berlin", locale: "en-US", viewport: { width: 1280, height: 900 } });

test("the view and date are in the address; reload, back and forward keep them", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("address"));
  await page.goto("/calendar?view=day&date=2026-12-01");
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Day", exact: true })).toBeChecked();
  await expect(page.getByRole("heading", { name: /Dec 1, 2026/ })).toBeVisible();

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/view=day&date=2026-12-02$/);
  await expect(page.getByRole("heading", { name: /Dec 2, 2026/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: /Dec 2, 2026/ })).toBeVisible();

  await page
    .locator("label")
    .filter({ hasText: /^Week$/ })
    .click();
  await expect(page).toHaveURL(/view=week&date=2026-12-02$/);
  await expect(page.getByRole("heading", { name: /Nov 30\s?–\s?Dec 6, 2026/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/view=day&date=2026-12-02$/);
  await expect(page.getByRole("radio", { name: "Day", exact: true })).toBeChecked();
  await page.goBack();
  await expect(page.getByRole("heading", { name: /Dec 1, 2026/ })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: /Dec 2, 2026/ })).toBeVisible();
});
