import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, renderWithProviders } from "../../../test/render-with-providers.tsx";
import { OnboardingFlow } from "./onboarding-flow.tsx";

const QUESTIONS = [
  { question: "What do you do today?", placeholder: "e.g. Support lead" },
  { question: "Where do you want to be?", placeholder: "e.g. Product manager" },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFlow(handler: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(handler);
  const props = { onExit: vi.fn(), onStart: vi.fn(), onSomethingElse: vi.fn() };
  renderWithProviders(<OnboardingFlow domain="career" {...props} />);
  return { calls, ...props };
}

describe("OnboardingFlow", () => {
  it("asks one question at a time, keeps answers, and ends on the profile summary", async () => {
    let finish!: () => void;
    const { calls, onStart } = renderFlow((url) => {
      if (url.endsWith("/questions")) return json(200, { questions: QUESTIONS });
      return new Promise((resolve) => {
        finish = () =>
          resolve(json(200, { contextSummary: "Career profile\nGoal: PM.", saved: false }));
      });
    });
    const user = userEvent.setup();

    const first = await screen.findByLabelText("What do you do today?");
    expect(screen.getByText("1 of 2")).toBeTruthy();
    expect(first.getAttribute("placeholder")).toBe("e.g. Support lead");
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveProperty("disabled", true);
    await user.type(first, "   ");
    expect(next).toHaveProperty("disabled", true); // blank is not an answer
    await user.clear(first);
    await user.type(first, "Support lead");
    expect(next).toHaveProperty("disabled", false);
    await user.click(next);

    const second = await screen.findByLabelText("Where do you want to be?");
    expect(screen.getByText("2 of 2")).toBeTruthy();
    expect((second as HTMLTextAreaElement).value).toBe("");
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect((screen.getByLabelText("What do you do today?") as HTMLTextAreaElement).value).toBe(
      "Support lead",
    );
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByLabelText("Where do you want to be?"), " Product manager ");
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));

    expect(await screen.findByText("Personalizing your experience...")).toBeTruthy();
    finish();
    expect(await screen.findByText("Perfect! I'm getting to know you.")).toBeTruthy();
    expect(screen.getByText("Your Profile:")).toBeTruthy();
    expect(screen.getByText(/Goal: PM\./)).toBeTruthy();

    const contextCall = calls.find((c) => c.url.endsWith("/context"))!;
    expect(contextCall.body).toEqual({
      domain: "career",
      answers: {
        "What do you do today?": "Support lead",
        "Where do you want to be?": "Product manager",
      },
    });
    await user.click(screen.getByRole("button", { name: "Start Getting Help" }));
    expect(onStart).toHaveBeenCalledWith({
      contextSummary: "Career profile\nGoal: PM.",
      answers: {
        "What do you do today?": "Support lead",
        "Where do you want to be?": " Product manager ",
      },
    });
    expect(screen.getByRole("button", { name: "Help Me With Something Else" })).toBeTruthy();
  });

  it("shows 'Something went wrong' when no questions come back, and Try Again asks again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let attempt = 0;
    renderFlow(() =>
      ++attempt === 1
        ? json(503, { error: "Service unavailable", code: "service_unavailable" })
        : json(200, { questions: QUESTIONS }),
    );
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(
      screen.getByText("We couldn't generate your personalized questions. Please try again."),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByLabelText("What do you do today?")).toBeTruthy();
  });

  it("treats an empty question list as a failure", async () => {
    renderFlow(() => json(200, { questions: [] }));
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
  });

  it("still reaches the summary, with 'Context summary unavailable', when building fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderFlow((url) =>
      url.endsWith("/questions")
        ? json(200, { questions: QUESTIONS.slice(0, 1) })
        : json(500, { error: "Something went wrong on our side.", code: "internal" }),
    );
    await userEvent.type(await screen.findByLabelText("What do you do today?"), "Teacher");
    await userEvent.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByText("Perfect! I'm getting to know you.")).toBeTruthy();
    expect(screen.getByText("Context summary unavailable")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Start Getting Help" })).toBeTruthy(),
    );
  });

  it("leaves the flow with Back", async () => {
    const { onExit } = renderFlow(() => json(200, { questions: QUESTIONS }));
    await screen.findByLabelText("What do you do today?");
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(onExit).toHaveBeenCalled();
  });
});
