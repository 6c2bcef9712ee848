import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAGE_IDS } from "../../../../core/votes/candidates.ts";
import { json, mockFetch, renderWithProviders } from "../../../test/render-with-providers.tsx";
import { VoteSection } from "./vote-section.tsx";

const counts = Object.fromEntries(SAGE_IDS.map((id) => [id, 3]));

let respond: (body: unknown) => Response;
beforeEach(() => {
  sessionStorage.clear();
  respond = () => json(200, { saved: true, newCount: 10 });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(post: (body: unknown) => Response | Promise<Response> = (b) => respond(b)) {
  const calls = mockFetch((url, init) =>
    init?.method === "POST"
      ? post(JSON.parse(String(init.body)))
      : url.endsWith("/api/sage-votes")
        ? json(200, { votes: counts })
        : json(404, { error: "Not found", code: "not_found" }),
  );
  renderWithProviders(<VoteSection />);
  return calls;
}

describe("VoteSection", () => {
  it("lists the nine candidates with their counts", async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId("votes-fitness").textContent).toBe("3 votes"));
    expect(screen.getAllByRole("button", { name: /^Upvote / })).toHaveLength(9);
  });

  it("says truthfully where each candidate stands today, from the plan table", async () => {
    setup();
    const intro = screen.getByText(/Calendar Sage is live/).textContent ?? "";
    expect(intro).not.toMatch(/waiting in the wings/);
    expect(intro).toContain("fitness and goals on the Free plan");
    expect(intro).toContain("career, relationships, travel and writing from Starter");
    expect(intro).toContain("nutrition, learning and creative on Pro");
    const fitness = screen.getByRole("heading", { name: "Fitness Sage" }).closest("li");
    expect(fitness?.textContent).toContain("Assistant today: Free plan");
  });

  it("raises the count at once, disables the button, then shows the server's saved count", async () => {
    let release!: () => void;
    const calls = setup(
      (body) =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { saved: true, newCount: 10 }));
          expect(body).toEqual({ sageId: "travel", hostname: window.location.hostname });
        }),
    );
    await screen.findByText("Travel Sage");
    await waitFor(() => expect(screen.getByTestId("votes-travel").textContent).toBe("3 votes"));
    await userEvent.click(screen.getByRole("button", { name: "Upvote Travel Sage" }));

    expect(screen.getByTestId("votes-travel").textContent).toBe("4 votes");
    const button = screen.getByRole("button", { name: "Voted for Travel Sage" });
    expect(button).toHaveProperty("disabled", true);
    expect(sessionStorage.getItem("sage:voted:travel")).toBe("1");

    release();
    await waitFor(() => expect(screen.getByTestId("votes-travel").textContent).toBe("10 votes"));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("keeps the optimistic count when the server says the vote was not saved", async () => {
    setup(() => json(200, { saved: false, newCount: 1 }));
    await waitFor(() => expect(screen.getByTestId("votes-goals").textContent).toBe("3 votes"));
    await userEvent.click(screen.getByRole("button", { name: "Upvote Goals Sage" }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId("votes-goals").textContent).toBe("4 votes");
  });

  it("a vote the server refused is taken back and said, and the person may vote again", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let answer = () => json(429, { error: "Rate limit exceeded.", code: "rate_limited" });
    const calls = setup(() => answer());
    await waitFor(() => expect(screen.getByTestId("votes-career").textContent).toBe("3 votes"));
    await userEvent.click(screen.getByRole("button", { name: "Upvote Career Sage" }));
    expect((await screen.findByRole("alert")).textContent).toContain("wasn't saved");
    expect(log).toHaveBeenCalled();
    expect(screen.getByTestId("votes-career").textContent).toBe("3 votes");
    expect(sessionStorage.getItem("sage:voted:career")).toBeNull();

    answer = () => json(200, { saved: true, newCount: 4 });
    await userEvent.click(screen.getByRole("button", { name: "Upvote Career Sage" }));
    await waitFor(() => expect(screen.getByTestId("votes-career").textContent).toBe("4 votes"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Voted for Career Sage" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(2);
  });

  it("offline, a vote is not shown as cast: it says so and can be cast again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    setup(() => {
      throw new TypeError("Failed to fetch");
    });
    await waitFor(() => expect(screen.getByTestId("votes-travel").textContent).toBe("3 votes"));
    await userEvent.click(screen.getByRole("button", { name: "Upvote Travel Sage" }));
    expect((await screen.findByRole("alert")).textContent).toContain("You're offline");
    expect(screen.getByTestId("votes-travel").textContent).toBe("3 votes");
    expect(screen.getByRole("button", { name: "Upvote Travel Sage" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("shows an assistant voted earlier in this session as voted, and never posts again", async () => {
    sessionStorage.setItem("sage:voted:writing", "1");
    const calls = setup();
    const button = await screen.findByRole("button", { name: "Voted for Writing Sage" });
    expect(button).toHaveProperty("disabled", true);
    await userEvent.click(button);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
