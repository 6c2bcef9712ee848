import { DateTime } from "luxon";
import { type FakeGraph, startFakeGraph } from "../support/fake-microsoft-graph.ts";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

let graph: FakeGraph;
/** Where playwright.config.ts points the server's MICROSOFT_AUTHORITY and _GRAPH_BASE. */
const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);

test.beforeAll(async () => {
  // the server was started pointing at this port (playwright.config.ts)
  graph = await startFakeGraph({ port: GRAPH_PORT });
  graph.addCalendar({ id: "cal-main", name: "Calendar", canEdit: true, isDefaultCalendar: true });
  // a daily 09:00–11:00 (Berlin) review for the next two weeks, as Graph expands a series
  const first = DateTime.now().setZone(ZONE).startOf("day").set({ hour: 9 }).toUTC();
  const wall = (d: DateTime) => ({
    dateTime: d.toFormat("yyyy-MM-dd'T'HH:mm:ss'.0000000'"),
    timeZone: "UTC",
  });
  graph.putDailySeries("cal-main", {
    id: "review",
    subject: "Partner review",
    start: wall(first),
    end: wall(first.plus({ hours: 2 })),
    count: 14,
  });
});
test.afterAll(async () => {
  await graph?.close();
});

test("connected calendars: connect Microsoft 365 through its consent and see its meetings", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, uniqueEmail("microsoft"));
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await page.getByRole("tab", { name: "Calendars & feed" }).click();
  const card = page.getByRole("main").getByRole("region", { name: "Connected calendars" });

  // a plain link: the server, the identity platform's consent, and back to this panel
  await card.getByRole("link", { name: "Connect Microsoft 365 / Outlook" }).click();
  await page.waitForURL(/\/calendar\?panel=calendars/);
  const back = page.getByRole("main").getByRole("region", { name: "Connected calendars" });
  await expect(back.getByRole("status")).toHaveText("Microsoft 365 / Outlook is connected.");
  await expect(back.getByText("Microsoft 365 (Calendar)", { exact: true })).toBeVisible();
  await expect(back.getByText(/Microsoft 365 \/ Outlook · 14 events · last synced/)).toBeVisible();
  await expect(back.getByText("Partner review").first()).toBeVisible();
  // the consent asked for the calendar offline, with PKCE
  const asked = graph.log.authorizations.at(-1)!;
  expect(asked.get("scope")).toBe("offline_access Calendars.ReadWrite");
  expect(asked.get("code_challenge_method")).toBe("S256");
  await expectAccessible(page);
  // a new width swaps the side column for tabs: the card is drawn again, and a screenshot
  // taken mid-swap finds its element gone ("not attached to the DOM") — taken again then
  for (const [width, height] of [
    [1280, 900],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(async () => {
      await back.screenshot({ path: `test-results/connected-microsoft-${width}.png` });
    }).toPass({ timeout: 15_000 });
  }
});
