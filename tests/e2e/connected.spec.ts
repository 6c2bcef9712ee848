import { DateTime } from "luxon";
import {
  RADICALE_PASSWORD,
  RADICALE_USER,
  type Radicale,
  startRadicale,
} from "../support/radicale-server.ts";
import { expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

let dav: Radicale;
/** A daily 10:00–12:00 meeting (Berlin) for the next two weeks, in the person's CalDAV calendar. */
const MEETING = { startHour: 10, endHour: 12 };

test.beforeAll(async () => {
  dav = await startRadicale();
  await dav.makeCalendar("work", "Work", "#0b57d0");
  const first = DateTime.now().setZone(ZONE).startOf("day").toFormat("yyyyMMdd");
  await dav.put(
    "work",
    "meetings.ics",
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//e2e//EN",
      "BEGIN:VEVENT",
      "UID:client-meetings",
      "DTSTAMP:20260101T000000Z",
      `DTSTART;TZID=${ZONE}:${first}T${String(MEETING.startHour).padStart(2, "0")}0000`,
      `DTEND;TZID=${ZONE}:${first}T${MEETING.endHour}0000`,
      "RRULE:FREQ=DAILY;COUNT=14",
      "SUMMARY:Client workshop",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n"),
  );
});
test.afterAll(async () => {
  await dav?.close();
});

test("connected calendars: connect a CalDAV account, see its meetings, plan the week around them, see the blocks land there", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail("connected"));
  // /calendar is the calendar (decision 035); its connected calendars are a tab away
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await page.getByRole("tab", { name: "Calendars & feed" }).click();
  const panel = page.getByRole("main");
  const card = panel.getByRole("region", { name: "Connected calendars" });

  await card.getByRole("button", { name: "Add a CalDAV account" }).click();
  await card.getByLabel("Server").fill(dav.origin);
  await card.getByLabel("User name").fill(RADICALE_USER);
  await card.getByLabel("Password").fill(RADICALE_PASSWORD);
  await card.getByRole("button", { name: "Connect", exact: true }).click();

  await expect(card.getByText(`${RADICALE_USER} at 127.0.0.1`, { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(card.getByText(/CalDAV account · 1 event · last synced/)).toBeVisible();
  await expect(card.getByRole("checkbox", { name: "Work" })).toBeChecked();
  await expect(card.getByText("Client workshop").first()).toBeVisible();
  await expect(card.getByText(/from .* \(read only\)/).first()).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.screenshot({ path: "test-results/connected-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await card.screenshot({ path: "test-results/connected-375.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sage's blocks go into the Work calendar
  await card.getByLabel("Put Sage's blocks in").selectOption({ label: "Work" });
  await expect(card.getByLabel("Put Sage's blocks in")).toHaveValue(/.+/);

  // a task, then 'Plan my week': no block lands in the workshop
  await panel.getByRole("tab", { name: "Tasks & plan" }).click();
  const tasks = panel.getByRole("region", { name: "Tasks" });
  await tasks.getByRole("button", { name: "Add task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add task" });
  await dialog.getByLabel("Title").fill("Write the proposal");
  await dialog.getByLabel("Estimate").fill("240");
  await dialog.getByRole("button", { name: "Save task" }).click();
  await expect(dialog).toBeHidden();
  const planned = page.waitForResponse(
    (r) => r.url().endsWith("/api/plan") && r.request().method() === "POST",
  );
  await tasks.getByRole("button", { name: "Plan my week" }).click();
  const plan = (await (await planned).json()) as {
    placed: { eventId: string; start: string; end: string }[];
  };
  expect(plan.placed.length).toBeGreaterThan(0);
  for (const b of plan.placed) {
    const start = DateTime.fromISO(b.start).setZone(ZONE);
    const end = DateTime.fromISO(b.end).setZone(ZONE);
    const meetingStart = start.set({ hour: MEETING.startHour, minute: 0 });
    const meetingEnd = start.set({ hour: MEETING.endHour, minute: 0 });
    const overlaps = start < meetingEnd && end > meetingStart;
    expect(overlaps, `${b.start}–${b.end} overlaps the workshop`).toBe(false);
  }
  // ...and every block landed in the person's CalDAV calendar
  for (const b of plan.placed) {
    const res = await dav.request("GET", `/${RADICALE_USER}/work/sage-block-${b.eventId}.ics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("SUMMARY:Write the proposal");
  }
  // the week shows the connected meetings (daily from today), read only
  await page.goto("/calendar");
  await expect(page.getByRole("button", { name: /^Client workshop, / }).first()).toBeVisible();
});
