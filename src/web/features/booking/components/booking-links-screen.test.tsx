import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { Booking, BookingLink } from "../../../../core/contract/booking.ts";
import { json, mockFetch, renderWithProviders } from "../../../test/render-with-providers.tsx";
import { BookingLinksScreen } from "./booking-links-screen.tsx";

afterEach(cleanup);

const LINK_ID = "00000000-0000-4000-8000-000000000001";
const link = (over: Partial<BookingLink> = {}): BookingLink => ({
  id: LINK_ID,
  slug: "abcdefghijklmnopqrstuv",
  url: "/book/abcdefghijklmnopqrstuv",
  title: "Intro call",
  hostName: null,
  minutes: 30,
  horizonDays: 14,
  noticeMinutes: 240,
  days: null,
  hours: null,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 10,
  maxPerDay: null,
  allowPeak: false,
  paused: false,
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
  ...over,
});
const soon = new Date(Date.now() + 86_400_000);
const booking = (over: Partial<Booking> = {}): Booking => ({
  id: "00000000-0000-4000-8000-000000000002",
  linkId: LINK_ID,
  title: "Intro call",
  start: soon.toISOString(),
  end: new Date(soon.getTime() + 30 * 60_000).toISOString(),
  name: "Grace <i>Hopper</i>",
  email: "grace@example.com",
  note: null,
  guestZone: "America/Los_Angeles",
  status: "confirmed",
  eventId: null,
  createdAt: "2026-11-26T10:00:00.000Z",
  ...over,
});

describe("the booking links screen", () => {
  it("says what to do when there is nothing yet, then makes a link with the server's answer", async () => {
    const user = userEvent.setup();
    let links: BookingLink[] = [];
    const calls = mockFetch((url, init) => {
      if (url === "/api/booking-links" && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        if (body.title === "Taken")
          return json(400, { error: "title: title must not be empty", code: "bad_request" });
        links = [link({ title: body.title })];
        return json(201, { link: links[0] });
      }
      if (url === "/api/booking-links") return json(200, { links });
      return json(200, { bookings: [] });
    });
    renderWithProviders(<BookingLinksScreen />);
    await screen.findByText("No booking links yet.");
    screen.getByText(/No one has booked|When someone books/);

    await user.click(screen.getByRole("button", { name: "New booking link" }));
    const dialog = screen.getByRole("dialog", { name: "New booking link" });
    const peak = within(dialog).getByLabelText("Guests may book my peak hours");
    expect((peak as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    // checked here first, beside the field
    within(dialog).getByText("Title must not be empty");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    // the server's 400 goes beside its field too
    await user.type(within(dialog).getByLabelText("Title"), "Taken");
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    await within(dialog).findByText("Title must not be empty");

    await user.clear(within(dialog).getByLabelText("Title"));
    await user.type(within(dialog).getByLabelText("Title"), "Intro call");
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const card = await screen.findByRole("article", { name: "Intro call" });
    within(card).getByText(/never your peak/);
    expect(calls.filter((c) => c.method === "POST").at(-1)!.body).toMatchObject({
      title: "Intro call",
      allowPeak: false,
      days: null,
      hours: null,
    });
  });

  it("pauses a link, and an edit never changes whether it is paused", async () => {
    const user = userEvent.setup();
    let current = link();
    const calls = mockFetch((url, init) => {
      if (url.startsWith(`/api/booking-links/${LINK_ID}`) && init?.method === "PUT") {
        current = { ...current, ...JSON.parse(String(init.body)) };
        return json(200, { link: current });
      }
      if (url === "/api/booking-links") return json(200, { links: [current] });
      return json(200, { bookings: [] });
    });
    renderWithProviders(<BookingLinksScreen />);
    const card = await screen.findByRole("article", { name: "Intro call" });
    await user.click(within(card).getByRole("button", { name: "Pause Intro call" }));
    await within(card).findByText("Paused");
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({ paused: true });

    await user.click(within(card).getByRole("button", { name: "Edit Intro call" }));
    const dialog = screen.getByRole("dialog", { name: "Edit booking link" });
    await user.clear(within(dialog).getByLabelText("Minutes"));
    await user.type(within(dialog).getByLabelText("Minutes"), "45");
    await user.click(within(dialog).getByRole("button", { name: "Save link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const edit = calls.filter((c) => c.method === "PUT").at(-1)!.body as Record<string, unknown>;
    expect(edit.minutes).toBe(45);
    expect("paused" in edit).toBe(false);
  });

  it("lists the bookings ahead with the guest's name as text, and cancels one after asking", async () => {
    const user = userEvent.setup();
    let status: Booking["status"] = "confirmed";
    const past = booking({
      id: "00000000-0000-4000-8000-000000000003",
      name: "Old guest",
      start: "2020-01-01T10:00:00.000Z",
      end: "2020-01-01T10:30:00.000Z",
    });
    const calls = mockFetch((url, init) => {
      if (url.endsWith("/cancel") && init?.method === "POST") {
        status = "cancelled";
        return json(200, { booking: booking({ status }) });
      }
      if (url === "/api/booking-links") return json(200, { links: [link()] });
      return json(200, { bookings: [booking({ status }), past] });
    });
    renderWithProviders(<BookingLinksScreen />);
    const row = (await screen.findByText("Grace <i>Hopper</i>")).closest("li")!;
    within(row).getByText(/their zone: America\/Los_Angeles/);
    expect(screen.queryByText("Old guest")).toBeNull();

    await user.click(
      within(row).getByRole("button", { name: "Cancel the booking with Grace <i>Hopper</i>" }),
    );
    const confirm = screen.getByRole("alertdialog", { name: "Cancel this booking?" });
    await user.click(within(confirm).getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.url.endsWith("/cancel"))).toBe(false);

    await user.click(
      within(row).getByRole("button", { name: "Cancel the booking with Grace <i>Hopper</i>" }),
    );
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel booking" }),
    );
    await within(row).findByText("Cancelled");
    expect(calls.filter((c) => c.url.endsWith("/cancel"))).toHaveLength(1);
  });
});
