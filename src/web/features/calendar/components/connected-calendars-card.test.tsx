import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { json, mockFetch, renderWithProviders } from "../../../test/render-with-providers.tsx";
import { ConnectedCalendarsCard } from "./connected-calendars-card.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
const CONNECTION = {
  id: "0b9c7d3e-1111-4222-8333-444455556666",
  kind: "ics",
  name: "Work",
  status: "error",
  lastSyncedAt: new Date().toISOString(),
  eventCount: 12,
  error: "The address answered 404",
  calendars: [
    { id: "1c9c7d3e-1111-4222-8333-444455556666", name: "Work", busy: true, writable: false },
  ],
  writeCalendarId: null,
  updates: "poll",
};

afterEach(cleanup);

/** A server whose /api/meta says which sign-in and calendar providers it is configured for. */
function serveMeta(m: { google: boolean; development: boolean; microsoft: boolean }) {
  mockFetch((url) => {
    if (url === "/api/meta")
      return json(200, {
        signIn: { google: m.google, development: m.development },
        connect: { microsoft: m.microsoft },
      });
    if (url === "/api/connections") return json(200, { connections: [] });
    return json(200, { events: [] });
  });
}

describe("ConnectedCalendarsCard", () => {
  it("says which events could not be read, and that the rest is planned around", async () => {
    const ok = {
      ...CONNECTION,
      status: "ok",
      error: undefined,
      unreadable: { count: 3, titles: ["Board, Q4", "Gym"] },
    };
    mockFetch((url) =>
      url === "/api/connections"
        ? json(200, { connections: [ok] })
        : json(200, { events: [], next_cursor: null }),
    );
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect((await within(card).findByText(/could not be read/)).textContent).toBe(
      "3 events could not be read: “Board, Q4”, “Gym” and others. Sage plans around the rest.",
    );
    expect(within(card).queryByRole("alert")).toBeNull();
  });

  it("shows each connection's state and its plain error, and toggles busy", async () => {
    const calls = mockFetch((url, init) => {
      if (url.startsWith("/api/connections/") && init?.method === "PATCH") {
        return json(200, {
          connection: { ...CONNECTION, calendars: [{ ...CONNECTION.calendars[0], busy: false }] },
        });
      }
      if (url === "/api/connections") return json(200, { connections: [CONNECTION] });
      return json(200, { events: [] });
    });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect(
      await within(card).findByText(/Calendar address · 12 events · last synced/),
    ).toBeTruthy();
    expect(within(card).getByRole("alert").textContent).toBe("The address answered 404");
    // no write calendar choice for a read-only address
    expect(within(card).queryByLabelText("Put Sage's blocks in")).toBeNull();
    await userEvent.click(within(card).getByRole("checkbox", { name: "Work" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
      calendars: [{ id: CONNECTION.calendars[0]!.id, busy: false }],
    });
  });

  it("says truthfully how each connection is updated: push within seconds, or every 15 minutes", async () => {
    const ago = new Date(Date.now() - 7 * 60_000).toISOString();
    const polled = { ...CONNECTION, status: "ok", error: undefined, lastSyncedAt: ago };
    const pushed = {
      ...polled,
      id: "0b9c7d3e-1111-4222-8333-444455556667",
      kind: "google",
      name: "Google Calendar (me@example.com)",
      updates: "push",
    };
    mockFetch((url) =>
      url === "/api/connections"
        ? json(200, { connections: [polled, pushed] })
        : json(200, { events: [], next_cursor: null }),
    );
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect(
      await within(card).findByText(
        "Calendar address · 12 events · last synced 7 minutes ago · Updates every 15 minutes",
      ),
    ).toBeTruthy();
    expect(
      within(card).getByText(
        /12 events · last synced 7 minutes ago · Updates within seconds \(push\)$/,
      ),
    ).toBeTruthy();
  });

  it("connects an address and shows the server's refusal as is", async () => {
    const calls = mockFetch((url, init) => {
      if (url === "/api/connections" && init?.method === "POST") {
        return json(400, {
          error: "Sage cannot fetch this address: use https://",
          code: "bad_request",
        });
      }
      if (url === "/api/connections") return json(200, { connections: [] });
      return json(200, { events: [] });
    });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    await userEvent.click(within(card).getByRole("button", { name: "Add a calendar address" }));
    await userEvent.type(
      within(card).getByLabelText("Calendar address (iCal)"),
      "http://example.com/cal.ics",
    );
    await userEvent.click(within(card).getByRole("button", { name: "Connect" }));
    expect((await within(card).findByRole("alert")).textContent).toBe(
      "Sage cannot fetch this address: use https://",
    );
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      kind: "ics",
      url: "http://example.com/cal.ics",
    });
  });

  it("offers Google Calendar only when Google sign-in is configured, as a plain link to its start", async () => {
    serveMeta({ google: true, development: false, microsoft: false });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    const link = await within(card).findByRole("link", { name: "Connect Google Calendar" });
    // a navigation: the server knows the person by the session cookie, then goes to Google
    expect(link.getAttribute("href")).toBe("/api/connections/google/start");
  });

  it.each([
    [
      "ics",
      "not an address",
      "Enter the calendar's address, starting with https:// (or webcal://)",
    ],
    [
      "ics",
      "ftp://example.com/cal.ics",
      "Enter the calendar's address, starting with https:// (or webcal://)",
    ],
    ["caldav", "", "Enter the server's address, like caldav.icloud.com or https://…"],
  ] as const)(
    "refuses a %s address %j with a plain sentence, before asking the server",
    async (kind, url, sentence) => {
      const calls = mockFetch((u) => {
        if (u === "/api/connections") return json(200, { connections: [] });
        return json(200, { events: [] });
      });
      renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
      const card = await screen.findByRole("region", { name: "Connected calendars" });
      await userEvent.click(
        within(card).getByRole("button", {
          name: kind === "ics" ? "Add a calendar address" : "Add a CalDAV account",
        }),
      );
      const field = within(card).getByLabelText(
        kind === "ics" ? "Calendar address (iCal)" : "Server",
      );
      if (url) await userEvent.type(field, url);
      // the browser's own `required` check is what a person meets first; the form's is behind it
      field.closest("form")!.noValidate = true;
      await userEvent.click(within(card).getByRole("button", { name: "Connect" }));
      expect((await within(card).findByRole("alert")).textContent).toBe(sentence);
      expect(calls.some((c) => c.method === "POST")).toBe(false);
    },
  );

  it.each([
    ["url: url is required", "Enter the server's address, like caldav.icloud.com or https://…"],
    ["username: username is required", "Enter your user name for this account"],
    [
      "password: Too big: expected string to have <=1024 characters",
      "Enter the password (for iCloud, an app-specific password)",
    ],
    [
      "Sage could not read this calendar: the server refused the user name or password — reconnect with the right ones",
      "Sage could not read this calendar: the server refused the user name or password — reconnect with the right ones",
    ],
  ])("shows the server's %j as %j", async (error, shown) => {
    mockFetch((url, init) => {
      if (url === "/api/connections" && init?.method === "POST")
        return json(400, { error, code: "bad_request" });
      if (url === "/api/connections") return json(200, { connections: [] });
      return json(200, { events: [] });
    });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    await userEvent.click(within(card).getByRole("button", { name: "Add a CalDAV account" }));
    await userEvent.type(within(card).getByLabelText("Server"), "caldav.example.com");
    await userEvent.type(within(card).getByLabelText("User name"), "ada");
    await userEvent.type(within(card).getByLabelText("Password"), "secret");
    await userEvent.click(within(card).getByRole("button", { name: "Connect" }));
    expect((await within(card).findByRole("alert")).textContent).toBe(shown);
  });

  it("offers Microsoft 365 / Outlook when the server is configured for it, as a plain link", async () => {
    serveMeta({ google: false, development: true, microsoft: true });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    const link = await within(card).findByRole("link", { name: "Connect Microsoft 365 / Outlook" });
    expect(link.getAttribute("href")).toBe("/api/connections/microsoft/start");
    expect(within(card).queryByText(/MICROSOFT_CLIENT_ID/)).toBeNull();
  });

  it("says how to configure Microsoft 365 when the server is not", async () => {
    serveMeta({ google: true, development: false, microsoft: false });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect(
      (await within(card).findByText(/MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET/))
        .textContent,
    ).toMatch(/^Microsoft 365 \/ Outlook isn.t switched on for this Sage server\./);
    expect(within(card).queryByRole("link", { name: /Microsoft/ })).toBeNull();
  });

  it("names only the calendars this server can write to, and says how to configure Google", async () => {
    serveMeta({ google: false, development: true, microsoft: false });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect(
      (await within(card).findByText(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/)).textContent,
    ).toBe(
      "Google Calendar isn't switched on for this Sage server. Whoever runs it can switch it on (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, in the README).",
    );
    expect(within(card).getByText(/Sage never changes your events/).textContent).toContain(
      "with a CalDAV account it can put its own blocks in a calendar you choose.",
    );
  });

  it("names Google Calendar and Microsoft 365 among the calendars to write to when both are configured", async () => {
    serveMeta({ google: true, development: false, microsoft: true });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    await within(card).findByRole("link", { name: "Connect Google Calendar" });
    expect(within(card).getByText(/Sage never changes your events/).textContent).toContain(
      "with a CalDAV account, Google Calendar or Microsoft 365 it can put its own blocks",
    );
    expect(within(card).queryByText(/GOOGLE_CLIENT_ID/)).toBeNull();
  });

  it("has no Google button without Google sign-in", async () => {
    serveMeta({ google: false, development: true, microsoft: false });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    await within(card).findByRole("button", { name: "Add a CalDAV account" });
    await waitFor(() => expect(within(card).queryByText("Connect Google Calendar")).toBeNull());
  });

  it("shows what Google's consent came back with, once", async () => {
    window.history.replaceState(
      null,
      "",
      `/calendar?panel=calendars&connectError=${encodeURIComponent("Access to Google Calendar was not granted")}`,
    );
    mockFetch((url) => {
      if (url === "/api/connections") return json(200, { connections: [] });
      return json(200, { events: [] });
    });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect(within(card).getByRole("alert").textContent).toBe(
      "Access to Google Calendar was not granted",
    );
    expect(window.location.search).toBe("?panel=calendars");
    window.history.replaceState(null, "", "/");
  });

  it("says Microsoft 365 is connected when its consent comes back", async () => {
    window.history.replaceState(null, "", "/calendar?panel=calendars&connected=microsoft");
    mockFetch((url) => {
      if (url === "/api/connections") return json(200, { connections: [] });
      return json(200, { events: [] });
    });
    renderWithProviders(<ConnectedCalendarsCard userId={USER} online zone="UTC" />);
    const card = await screen.findByRole("region", { name: "Connected calendars" });
    expect(within(card).getByRole("status").textContent).toBe(
      "Microsoft 365 / Outlook is connected.",
    );
    expect(window.location.search).toBe("?panel=calendars");
    window.history.replaceState(null, "", "/");
  });
});
