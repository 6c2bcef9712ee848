import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

test("sign in through development sign-in, land on /chat, sign out and stay on /", async ({
  page,
}) => {
  await page.goto("/");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Development sign-in.")).toBeVisible();
  await expectAccessible(page);

  const email = uniqueEmail("journey");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expectAccessible(page);

  // a reload keeps the session (httpOnly cookie → new in-memory access token)
  await page.reload();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText(email).first()).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/$/);

  // signed out, /chat sends you home
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-in user opening / is taken to /chat; the logo keeps them home", async ({ page }) => {
  await signIn(page, uniqueEmail("redirect"));
  await page.goto("/");
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByRole("link", { name: "Sage home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);
});

test("a failed sign-in shows the spec's alert", async ({ page }) => {
  await page.goto("/?authError=Access%20was%20denied.");
  await expect(page.getByRole("alert")).toHaveText(/Sign in failed: Access was denied\./);
});

test("an unknown path shows the 404 screen", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(
    page.getByText("The page you're looking for doesn't exist or has been moved."),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("opened at http://127.0.0.1 (not localhost), sign-in and a reload keep the session", async ({
  page,
  baseURL,
}) => {
  const loopback = baseURL!.replace("://localhost:", "://127.0.0.1:");
  await page.goto(`${loopback}/`);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const email = uniqueEmail("loopback");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with this e-mail" }).click();
  await expect(page).toHaveURL(`${loopback}/chat`);
  await expect(page.getByText(email).first()).toBeVisible();
  // the reload renews the access token through /api/auth/refresh, Origin http://127.0.0.1:…
  await page.reload();
  await expect(page).toHaveURL(`${loopback}/chat`);
  await expect(page.getByText(email).first()).toBeVisible();
});
