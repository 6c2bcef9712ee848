import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGE_TOO_LONG } from "../../core/chat/message-rules.ts";
import { PRODUCTIVITY_QUESTION_COUNT } from "../../core/question-counts.ts";
import { OFFLINE_SEND_REASON } from "../features/chat/components/message-form.tsx";
import { REPLY_FAILED, UNREACHABLE_NOT_SENT } from "../features/chat/lib/chat-error.ts";
import { saveLastUsage } from "../features/chat/lib/last-usage.ts";
import { setOnline as setOnlineState } from "../lib/use-online.ts";
import {
  type ApiRoutes,
  authState,
  mockApi,
  renderWithApp,
  usage,
} from "../test/render-with-app.tsx";
import ChatPage from "./chat.tsx";

const USER_ID = authState().user!.id;
const PERIOD = new Date().toISOString().slice(0, 7);
let online = true;

const assistant = {
  id: "11111111-1111-4111-8111-111111111111",
  domain: "productivity",
  context_summary: "Peak: mornings",
  updated_at: "2026-11-01T00:00:00.000Z",
};
const conversation = {
  id: "22222222-2222-4222-8222-222222222222",
  title: "Plan my week",
  domain_context_id: assistant.id,
  created_at: "2026-11-02T00:00:00.000Z",
  updated_at: "2026-11-02T00:00:00.000Z",
};
const signedInRoutes: ApiRoutes = {
  "GET /api/usage": { body: usage({ period: PERIOD }) },
  "GET /api/domain-contexts": { body: { contexts: [assistant] } },
  "GET /api/conversations": { body: { conversations: [conversation] } },
  "GET /api/profile": {
    body: { profile: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } },
  },
};

function open(routes: ApiRoutes = {}) {
  const api = mockApi({ ...signedInRoutes, ...routes });
  // the app's own staleTime (src/web/lib/query-client.ts), so freshness is as in the browser
  const utils = renderWithApp(<ChatPage />, { path: "/chat", route: "/chat", staleTime: 30_000 });
  return { ...utils, api };
}

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

const box = () => screen.getByLabelText("Message") as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;

beforeEach(() => {
  online = true;
  localStorage.clear();
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  setOnlineState(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnlineState(true);
});

describe("/chat after being offline", () => {
  it("opened offline, shows the lists as not known yet, then fills them in when back online", async () => {
    online = false;
    setOnlineState(false);
    const { api } = open();
    const sidebar = screen.getByRole("complementary", { name: "Chat navigation" });
    expect(within(sidebar).getAllByText("Shows when you're back online.")).toHaveLength(2);
    // unknown is not 'none': no invitation to get an assistant the person already has
    expect(
      within(sidebar).queryByText(`Answer ${PRODUCTIVITY_QUESTION_COUNT} questions`),
    ).toBeNull();
    expect(within(sidebar).queryByText("No conversations yet")).toBeNull();
    expect(api.calls).toEqual([]);

    setOnline(true);
    expect(await within(sidebar).findByText("productivity assistant")).toBeTruthy();
    expect(await within(sidebar).findByText("Plan my week")).toBeTruthy();
    expect(await within(sidebar).findByText("3 of 15 this month")).toBeTruthy();
  });

  it("keeps enforcing the last known allowance when usage cannot be fetched", async () => {
    saveLastUsage(
      USER_ID,
      usage({ used: 15, remaining: 0, percent: 100, canUse: false, period: PERIOD }) as never,
    );
    open({ "GET /api/usage": "network-error" });
    expect(box().disabled).toBe(true);
    expect(box().placeholder).toBe("Upgrade to keep chatting");
    expect(screen.getByText("15 of 15 this month")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("productivity assistant")).toBeTruthy());
    expect(box().disabled).toBe(true);
  });

  it("asks the server at once, so a limit raised since (a payment) replaces the stored one", async () => {
    saveLastUsage(
      USER_ID,
      usage({ used: 15, remaining: 0, percent: 100, canUse: false, period: PERIOD }) as never,
    );
    open({
      "GET /api/usage": {
        body: usage({ used: 15, limit: 200, remaining: 185, tier: "starter", period: PERIOD }),
      },
    });
    expect(await screen.findByText("15 of 200 this month")).toBeTruthy();
    expect(box().disabled).toBe(false);
  });

  it("offline, says the count is the one last seen online, with when, and never a fresh one", async () => {
    const seen = new Date(Date.now() - 60 * 60_000);
    saveLastUsage(
      USER_ID,
      usage({ used: 14, remaining: 1, percent: 93, period: PERIOD }) as never,
      seen,
    );
    online = false;
    setOnlineState(false);
    open({ "GET /api/usage": "network-error" });
    const welcome = await screen.findByText(/^When last seen online/);
    expect(welcome.textContent).toMatch(
      /^When last seen online \(.+\), you had 1 free interaction left\.$/,
    );
    expect(screen.queryByText(/You have \d+ free interaction/)).toBeNull();
    // the phone's badge has no room to say it is old: it is left out
    expect(screen.queryByRole("button", { name: /messages used this month/ })).toBeNull();
    const sidebar = screen.getByRole("complementary", { name: "Chat navigation" });
    expect(within(sidebar).getByText("14 of 15 this month")).toBeTruthy();
    expect(within(sidebar).getByText(/^As last seen online \(/)).toBeTruthy();
  });

  it("online, says what is left in the singular when one is left", async () => {
    open({
      "GET /api/usage": { body: usage({ used: 14, remaining: 1, percent: 93, period: PERIOD }) },
    });
    expect(await screen.findByText("You have 1 free interaction remaining.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^14 of 15 messages used/ })).toBeTruthy();
    expect(screen.queryByText(/last seen online/i)).toBeNull();
  });

  it("ignores an allowance stored in an earlier month (it has reset since)", () => {
    saveLastUsage(USER_ID, usage({ used: 15, canUse: false, period: "2020-01" }) as never);
    open({ "GET /api/usage": "network-error" });
    expect(box().disabled).toBe(false);
  });

  it("says when a list failed to load, and asks again on 'Try again'", async () => {
    let fail = true;
    open({
      "GET /api/domain-contexts": () =>
        fail ? { status: 500, body: { error: "boom" } } : { body: { contexts: [assistant] } },
    });
    const sidebar = screen.getByRole("complementary", { name: "Chat navigation" });
    expect(await within(sidebar).findByText(/Could not load/)).toBeTruthy();
    expect(
      within(sidebar).queryByText(`Answer ${PRODUCTIVITY_QUESTION_COUNT} questions`),
    ).toBeNull();
    fail = false;
    fireEvent.click(within(sidebar).getByRole("button", { name: "Try again" }));
    expect(await within(sidebar).findByText("productivity assistant")).toBeTruthy();
  });

  it("shows 'Answer N questions' only when the server says there is no assistant", async () => {
    open({ "GET /api/domain-contexts": { body: { contexts: [] } } });
    expect(await screen.findByText(`Answer ${PRODUCTIVITY_QUESTION_COUNT} questions`)).toBeTruthy();
  });
});

describe("the message box", () => {
  it("offline: Send is off with the reason shown, and the draft stays", async () => {
    const { api } = open();
    fireEvent.change(box(), { target: { value: "Plan my Tuesday" } });
    expect(sendButton().disabled).toBe(false);
    online = false;
    setOnlineState(false);
    await waitFor(() => expect(sendButton().disabled).toBe(true));
    expect(screen.getByText(OFFLINE_SEND_REASON)).toBeTruthy();
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(box().value).toBe("Plan my Tuesday");
    expect(api.calls.some((c) => c.key === "POST /api/chat")).toBe(false);
  });

  it("over 4000 characters (code points, as the server counts): Send is off and the text stays", () => {
    open();
    const emoji = "😀"; // two UTF-16 units, one character
    fireEvent.change(box(), { target: { value: emoji.repeat(4000) } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.change(box(), { target: { value: `  ${emoji.repeat(4001)}  ` } });
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText(MESSAGE_TOO_LONG)).toBeTruthy();
    fireEvent.keyDown(box(), { key: "Enter" });
    fireEvent.submit(box().form!);
    expect(box().value).toBe(`  ${emoji.repeat(4001)}  `);
  });

  it("a failed send puts the draft back, says why once, and Retry sends it again", async () => {
    let reachable = false;
    const { api } = open({
      "POST /api/chat": () =>
        reachable ? { status: 429, body: { error: "Rate limit exceeded" } } : "network-error",
    });
    fireEvent.change(box(), { target: { value: "Plan my Tuesday" } });
    fireEvent.click(sendButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(UNREACHABLE_NOT_SENT);
    expect(box().value).toBe("Plan my Tuesday");
    // the message is not left in the conversation as if it had been sent
    const conversationRegion = screen.getByRole("region", { name: "Conversation" });
    expect(within(conversationRegion).queryByText("Plan my Tuesday")).toBeNull();
    // it never reached the server: one notice, not also the spec's reply-failure message
    expect(screen.queryByText(REPLY_FAILED)).toBeNull();

    reachable = true;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.key === "POST /api/chat")).toHaveLength(2),
    );
    expect(api.calls.filter((c) => c.key === "POST /api/chat").map((c) => c.body)).toEqual([
      expect.objectContaining({ message: "Plan my Tuesday" }),
      expect.objectContaining({ message: "Plan my Tuesday" }),
    ]);
    expect((await screen.findByRole("alert")).textContent).toContain("Too many requests");
    expect(screen.getByText(REPLY_FAILED)).toBeTruthy(); // a refusal by the server: spec §8
    expect(box().value).toBe("Plan my Tuesday");
  });
});
