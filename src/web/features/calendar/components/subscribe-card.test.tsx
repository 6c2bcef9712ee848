import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, renderWithProviders } from "../../../test/render-with-providers.tsx";
import { SubscribeCard } from "./subscribe-card.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
const TOKEN = "a".repeat(43);

function serveFeedAt(origin: string) {
  return mockFetch((url) => {
    if (url.endsWith("/api/calendar-token"))
      return json(200, { token: TOKEN, feedUrl: `${origin}/api/calendar/feed/${TOKEN}.ics` });
    return json(404, { error: "Not found", code: "not_found" });
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("SubscribeCard", () => {
  it("on a localhost feed, says only a calendar app on this computer can subscribe", async () => {
    serveFeedAt("http://localhost:3700");
    renderWithProviders(<SubscribeCard userId={USER} online />);
    const card = await screen.findByRole("region", { name: "Add to your calendar app" });
    await within(card).findByLabelText("Calendar feed URL");
    expect(within(card).queryByText(/Sage's events appear in Google Calendar/)).toBeNull();
    expect(
      within(card).getByText(/^A calendar app on this computer \(like Apple Calendar\)/)
        .textContent,
    ).toBe(
      "A calendar app on this computer (like Apple Calendar) can subscribe to this address. Google Calendar and other cloud calendars cannot reach it: they need Sage at a public address (whoever runs this server sets PUBLIC_URL; see the README).",
    );
  });

  it("on a private network address, says a calendar app on this network can subscribe", async () => {
    serveFeedAt("http://192.168.1.20:3000");
    renderWithProviders(<SubscribeCard userId={USER} online />);
    const card = await screen.findByRole("region", { name: "Add to your calendar app" });
    expect(await within(card).findByText(/^A calendar app on this network/)).toBeTruthy();
  });

  it("on a public address, promises Google Calendar and Apple Calendar", async () => {
    serveFeedAt("https://sage.example.com");
    renderWithProviders(<SubscribeCard userId={USER} online />);
    const card = await screen.findByRole("region", { name: "Add to your calendar app" });
    await within(card).findByLabelText("Calendar feed URL");
    expect(
      within(card).getByText(/^Subscribe once and Sage's events appear in Google Calendar/),
    ).toBeTruthy();
  });

  it("takes GET's 404 as 'no link yet': makes one, logs nothing and shows no error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls = mockFetch((url, init) => {
      if (url.endsWith("/api/calendar-token") && init?.method === "POST")
        return json(200, {
          token: TOKEN,
          feedUrl: `https://sage.example.com/api/calendar/feed/${TOKEN}.ics`,
        });
      return json(404, { error: "No calendar token yet", code: "not_found" });
    });
    renderWithProviders(<SubscribeCard userId={USER} online />);
    const card = await screen.findByRole("region", { name: "Add to your calendar app" });
    expect(
      ((await within(card).findByLabelText("Calendar feed URL")) as HTMLInputElement).value,
    ).toContain(TOKEN);
    expect(calls.map((c) => c.method)).toEqual(["GET", "POST"]);
    expect(within(card).queryByRole("alert")).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });
});
