import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { json, mockFetch } from "../../../test/render-with-providers.tsx";
import { BookingPage } from "./booking-page.tsx";

const SLUG = "abcdefghijklmnopqrstuv";
const ID = "44444444-4444-4444-8444-444444444444";
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// two slots a day apart, far enough ahead to be shown whatever day the test runs
const first = new Date(Date.now() + 2 * 86_400_000);
first.setUTCMinutes(0, 0, 0);
const second = new Date(first.getTime() + 25 * 3_600_000);
const slot = (d: Date) => ({
  start: d.toISOString(),
  end: new Date(d.getTime() + 30 * 60_000).toISOString(),
});
const slotsAnswer = (slots = [slot(first), slot(second)]) => ({
  title: "Intro call",
  minutes: 30,
  hostName: "Ada <b>Lovelace</b>",
  hostZone: "Pacific/Auckland",
  status: "open",
  slots,
});
const guestBooking = (status: "confirmed" | "cancelled") => ({
  id: ID,
  title: "Intro call",
  start: first.toISOString(),
  end: new Date(first.getTime() + 30 * 60_000).toISOString(),
  hostName: "Ada",
  status,
  key: "k".repeat(32),
});

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

const time = (d: Date) =>
  new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" })
    .format(d)
    .replace(/[\u202f\u00a0]/g, " ");

describe("the public booking page", () => {
  it("books a time: field errors beside the fields, a taken time sends the guest back, then the confirmation", async () => {
    const user = userEvent.setup();
    let bookTries = 0;
    const calls = mockFetch((_url, init) => {
      if (init?.method === "POST") {
        bookTries += 1;
        if (bookTries === 1)
          return json(400, {
            error: "email: Enter a valid e-mail address",
            code: "bad_request",
          });
        if (bookTries === 2)
          return json(409, {
            error: "Sorry — that time was just booked by someone else. Pick another.",
            code: "conflict",
          });
        return json(201, { booking: guestBooking("confirmed"), ics: "BEGIN:VCALENDAR\r\n" });
      }
      // after the 409 the first time is gone
      const taken = bookTries >= 2;
      return json(200, slotsAnswer(taken ? [slot(second)] : undefined));
    });
    render(<BookingPage slug={SLUG} />);

    await screen.findByRole("heading", { name: "Intro call" });
    // the host's name is text, never markup
    screen.getByText("30 minutes with Ada <b>Lovelace</b>");
    screen.getByText(`Times in your zone, ${zone} — host is in Pacific/Auckland`);
    expect(calls[0]!.url).toMatch(new RegExp(`^/api/book/${SLUG}\\?from=.+&to=.+`));

    await user.click(screen.getAllByRole("button", { name: time(first) })[0]!);
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    screen.getByText("Enter your name");
    expect(document.activeElement).toBe(screen.getByLabelText("Your name"));
    expect(bookTries).toBe(0);

    await user.type(screen.getByLabelText("Your name"), "Grace");
    await user.type(screen.getByLabelText("Your e-mail"), "grace@example");
    await user.type(screen.getByLabelText("Your e-mail"), ".com");
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    // the server's 400, beside its field
    await screen.findByText("Enter a valid e-mail address");
    expect(screen.getByLabelText("Your e-mail").getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Book this time" }));
    // 409: the message, the times asked again, nothing picked
    expect((await screen.findByRole("alert")).textContent).toContain("just booked by someone else");
    await waitFor(() => expect(screen.queryByRole("button", { name: time(first) })).toBeNull());
    expect(screen.queryByRole("button", { name: "Book this time" })).toBeNull();
    expect(calls.filter((c) => c.method === "GET")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: time(second) }));
    await user.type(screen.getByLabelText("Your name"), "Grace");
    await user.type(screen.getByLabelText("Your e-mail"), "grace@example.com");
    await user.type(screen.getByLabelText("Note (optional)"), "About the <script> talk");
    await user.click(screen.getByRole("button", { name: "Book this time" }));

    await screen.findByRole("heading", { name: "You're booked" });
    const booked = calls.at(-1)!;
    expect(booked.body).toEqual({
      start: second.toISOString(),
      name: "Grace",
      email: "grace@example.com",
      zone,
      note: "About the <script> talk",
    });
    expect(
      (await screen.findByRole("link", { name: "Add to your calendar (.ics)" })).getAttribute(
        "download",
      ),
    ).toBe("booking.ics");
    // the address names the booking: a reload shows it rather than the times again
    expect(window.location.pathname + window.location.hash).toBe(
      `/book/${SLUG}#booking=${ID}&key=${"k".repeat(32)}`,
    );
    expect(screen.getByRole("link", { name: /#booking=/ }).getAttribute("href")).toBe(
      `/book/${SLUG}#booking=${ID}&key=${"k".repeat(32)}`,
    );
  });

  it("a pasted name or note over its limit is said beside it, not cut without a word", async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(200, slotsAnswer()));
    render(<BookingPage slug={SLUG} />);
    await user.click((await screen.findAllByRole("button", { name: time(first) }))[0]!);
    const name = screen.getByLabelText("Your name");
    await user.click(name);
    await user.paste("G".repeat(81));
    expect((name as HTMLInputElement).value).toHaveLength(81);
    await user.type(screen.getByLabelText("Your e-mail"), "grace@example.com");
    await user.click(screen.getByLabelText("Note (optional)"));
    await user.paste("n".repeat(501));
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    screen.getByText("Keep it to 80 characters (this has 81)");
    screen.getByText("Keep it to 500 characters (this has 501)");
    expect(document.activeElement).toBe(name);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("says a deleted or unknown link is no longer available, in the server's words too", async () => {
    mockFetch(() =>
      json(404, {
        error: "This booking link doesn't exist, or its owner deleted it.",
        code: "not_found",
      }),
    );
    render(<BookingPage slug={SLUG} />);
    await screen.findByText("This link is no longer available.");
    screen.getByText("This booking link doesn't exist, or its owner deleted it.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says a slug that cannot be a link's (the server's 400) is no longer available too", async () => {
    mockFetch(() => json(400, { error: "slug: unknown booking link", code: "bad_request" }));
    render(<BookingPage slug="x" />);
    await screen.findByText("This link is no longer available.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says a paused link takes no bookings, and a rate limit in the server's words", async () => {
    mockFetch(() => json(200, { ...slotsAnswer([]), status: "paused" }));
    render(<BookingPage slug={SLUG} />);
    await screen.findByText(/This link is paused for now/);
    cleanup();

    mockFetch(() =>
      json(429, {
        error: "Rate limit exceeded. Too many requests — please wait a moment and try again.",
        code: "rate_limited",
      }),
    );
    render(<BookingPage slug={SLUG} />);
    await screen.findByText(/Too many requests/);
    screen.getByRole("button", { name: "Try again" });
  });

  it("shows the guest's booking from the link's fragment, cancelled when the host cancelled", async () => {
    window.history.replaceState(null, "", `/book/${SLUG}#booking=${ID}&key=secret`);
    const calls = mockFetch(() => json(200, { booking: guestBooking("cancelled") }));
    render(<BookingPage slug={SLUG} />);
    await screen.findByText("Cancelled");
    screen.getByText(/Ada cancelled this booking/);
    expect(calls[0]!.url).toBe(`/api/book/${SLUG}/bookings/${ID}?key=secret`);
  });
});
