import { DateTime } from "luxon";
import { call, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures.ts";

// Issue 31: a host makes a booking link on their screen; a guest in another zone books a
// time from /book/<slug>, seeing it in their own zone; the booking is on the host's week and
// in their list; the host cancels and the guest's page says so. At 375 and 1280 px.

const HOST_ZONE = "Europe/London";
const GUEST_ZONE = "America/Los_Angeles";
test.use({ timezoneId: HOST_ZONE, locale: "en-US" });

type Slots = { slots: { start: string; end: string }[]; hostZone: string };
type Booking = { id: string; name: string; eventId: string | null; start: string; status: string };

for (const width of [375, 1280]) {
  test.describe(`booking links at ${width} px`, () => {
    const viewport = { width, height: width < 640 ? 800 : 900 };
    test.use({ viewport });

    test("a guest in another zone books a time; the host sees it and cancels it; the guest sees that", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, uniqueEmail("host"));
      // the chat stores the browser's zone on the profile: the link's page names it
      await expect
        .poll(async () => (await call(page, "GET", "/api/profile")).profile.timezone)
        .toBe(HOST_ZONE);

      // --- the host makes a link --------------------------------------------------------
      await page.goto("/booking-links");
      await expect(page.getByRole("heading", { name: "Booking links", level: 1 })).toBeVisible();
      await expect(page.getByText("No booking links yet.")).toBeVisible();
      await page.getByRole("button", { name: "New booking link" }).click();
      const dialog = page.getByRole("dialog", { name: "New booking link" });
      await dialog.getByLabel("Title").fill("Intro call");
      await dialog.getByLabel("Your name, as guests see it").fill("Hosting Hannah");
      await dialog.getByLabel("Minutes").fill("33");
      await dialog.getByRole("button", { name: "Create link" }).click();
      await expect(dialog.getByText("in steps of 5")).toBeVisible();
      await dialog.getByLabel("Minutes").fill("30");
      await dialog.getByLabel("Minimum notice").selectOption({ label: "None" });
      // every day and a wide day, so there are times whatever day the test runs
      await dialog.getByLabel("My working days (from How you work)").uncheck();
      for (const day of ["Saturday", "Sunday"])
        await dialog.getByRole("button", { name: day }).click();
      await dialog.getByLabel("My working hours (from How you work)").uncheck();
      await dialog.getByLabel("From", { exact: true }).fill("07:00");
      await dialog.getByLabel("To", { exact: true }).fill("21:00");
      await expect(dialog.getByLabel("Guests may book my peak hours")).not.toBeChecked();
      await expect(
        dialog.getByText("Off: Sage keeps your best hours for your own work."),
      ).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Create link" }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByRole("article", { name: "Intro call" });
      // the hours as the host's locale (en-US) writes a clock
      await expect(card).toContainText(/30 min · every day · 7:00\sAM\s–\s9:00\sPM · no notice/);
      await expect(card).toContainText("never your peak");
      await page.screenshot({ path: `.tmp/booking-host-${width}.png`, fullPage: true });
      await expectAccessible(page);

      const address = await card.getByRole("link", { name: /\/book\// }).textContent();
      const slug = new URL(address!).pathname.split("/")[2]!;
      const answer = (await (await page.request.get(`/api/book/${slug}`)).json()) as Slots;
      expect(answer.slots.length, "the link offers times this week").toBeGreaterThan(0);
      const first = answer.slots[0]!;
      const inGuestZone = DateTime.fromISO(first.start, { zone: GUEST_ZONE });

      // --- the guest, in Los Angeles, books -------------------------------------------------
      const guestContext = await browser.newContext({
        baseURL: baseURL!,
        timezoneId: GUEST_ZONE,
        locale: "en-US",
        viewport,
      });
      const guest = await guestContext.newPage();
      await guest.goto(`/book/${slug}`);
      await expect(guest.getByRole("heading", { name: "Intro call", level: 1 })).toBeVisible();
      await expect(guest.getByText("30 minutes with Hosting Hannah")).toBeVisible();
      await expect(
        guest.getByText(`Times in your zone, ${GUEST_ZONE} — host is in ${HOST_ZONE}`),
      ).toBeVisible();
      // the first time under the guest's own day, at the guest's own clock
      const day = guest.getByRole("heading", {
        name: inGuestZone.toFormat("cccc, LLLL d"),
        level: 3,
      });
      await expect(day).toBeVisible();
      const slotButton = guest
        .getByRole("button", { name: inGuestZone.toFormat("h:mm a") })
        .first();
      await expect(slotButton).toBeVisible();
      await expectAccessible(guest);
      await slotButton.click();
      await expect(slotButton).toHaveAttribute("aria-pressed", "true");
      // the keyboard goes on to the form, not through every other time of the day
      await guest.keyboard.press("Tab");
      await expect(guest.getByLabel("Your name")).toBeFocused();
      await guest.getByLabel("Your name").fill("Grace <b>Hopper</b>");
      await guest.getByLabel("Your e-mail").fill("grace@example.com");
      await guest.getByLabel("Note (optional)").fill("About the compiler");
      await guest.screenshot({ path: `.tmp/booking-guest-${width}.png`, fullPage: true });
      await guest.getByRole("button", { name: "Book this time" }).click();
      await expect(guest.getByRole("heading", { name: "You're booked" })).toBeVisible();
      await expect(
        guest.getByText(`${inGuestZone.toFormat("cccc, LLLL d")}, ${inGuestZone.toFormat("h:mm")}`),
      ).toBeVisible();
      const ics = guest.getByRole("link", { name: "Add to your calendar (.ics)" });
      const download = guest.waitForEvent("download");
      await ics.click();
      expect((await download).suggestedFilename()).toBe("booking.ics");
      const keyLink = await guest.getByRole("link", { name: /#booking=/ }).getAttribute("href");
      expect(keyLink).toMatch(new RegExp(`^/book/${slug}#booking=[0-9a-f-]{36}&key=`));
      await guest.screenshot({ path: `.tmp/booking-booked-${width}.png`, fullPage: true });
      await expectAccessible(guest);
      // the address names the booking now: a reload shows it, not the times again
      expect(new URL(guest.url()).pathname + new URL(guest.url()).hash).toBe(keyLink);
      await guest.reload();
      await expect(guest.getByText("Confirmed", { exact: true })).toBeVisible();

      // --- the host: on the week, and in the list --------------------------------------------
      const { bookings } = (await call(page, "GET", "/api/bookings")) as { bookings: Booking[] };
      expect(bookings).toHaveLength(1);
      const booking = bookings[0]!;
      expect(booking.start).toBe(first.start);
      await page.goto("/calendar");
      await expect(page.getByText("Online", { exact: true })).toBeVisible();
      if (width < 640) await page.locator("label").filter({ hasText: /^Day$/ }).click();
      await page
        .getByLabel("Go to date")
        .fill(DateTime.fromISO(first.start, { zone: HOST_ZONE }).toISODate()!);
      const event = page.locator(`[data-event-id="${booking.eventId}"]`);
      await expect(event).toBeVisible();
      await expect(event).toContainText("Intro call with Grace <b>Hopper</b>");
      // opened, it says whose booking it is and keeps its time: no Delete, times read-only
      await event.click();
      const edit = page.getByRole("dialog", { name: "Edit event" });
      await expect(
        edit.getByText("Grace <b>Hopper</b>’s booking through your booking link."),
      ).toBeVisible();
      await expect(edit.getByLabel("Start")).not.toBeEditable();
      await expect(edit.getByRole("button", { name: "Delete" })).toHaveCount(0);
      await expectAccessible(page);
      await edit.getByRole("link", { name: "Booking links" }).click();
      await expect(page).toHaveURL(/\/booking-links$/);
      const row = page.getByRole("listitem").filter({ hasText: "Grace <b>Hopper</b>" });
      await expect(row).toContainText(
        DateTime.fromISO(first.start, { zone: HOST_ZONE }).toFormat("cccc, LLLL d"),
      );
      await expect(row).toContainText(`their zone: ${GUEST_ZONE}`);
      await row
        .getByRole("button", { name: "Cancel the booking with Grace <b>Hopper</b>" })
        .click();
      const confirm = page.getByRole("alertdialog", { name: "Cancel this booking?" });
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Cancel booking" }).click();
      await expect(row.getByText("Cancelled")).toBeVisible();

      // --- the guest's link says it is cancelled ------------------------------------------
      // the guest opens their link again later (it is the address already: a new load)
      await guest.goto(keyLink!);
      await guest.reload();
      await expect(guest.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(
        guest.getByText("Hosting Hannah cancelled this booking.", { exact: false }),
      ).toBeVisible();
      await expectAccessible(guest);

      // --- a paused link offers nothing; a deleted one is gone -----------------------------
      await card.getByRole("button", { name: "Pause Intro call" }).click();
      await expect(card.getByText("Paused")).toBeVisible();
      await guest.goto(`/book/${slug}`);
      await expect(guest.getByText(/This link is paused for now/)).toBeVisible();
      await card.getByRole("button", { name: "Delete Intro call" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("No booking links yet.")).toBeVisible();
      await guest.reload();
      await expect(guest.getByText("This link is no longer available.")).toBeVisible();
      await guestContext.close();
    });
  });
}
