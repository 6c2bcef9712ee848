import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNAVAILABLE_SUMMARY } from "../../../core/productivity/compose-profile.ts";
import {
  BuildingProfile,
  FINISHING_TOUCHES,
  READING_ANSWERS,
} from "./components/building-profile.tsx";
import { ProductivityQuestionnaire } from "./components/productivity-questionnaire.tsx";
import { localOutcome } from "./profile-outcome.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
});

const choose = (name: RegExp) => fireEvent.click(screen.getByRole("button", { name }));

function answerFiveSteps() {
  choose(/^Time blindness/);
  choose(/^Afternoon/);
  choose(/^Student/);
  choose(/^Quick sprints/);
  choose(/^I freeze/);
}

describe("ProductivityQuestionnaire", () => {
  it("records each choice and advances; Previous shows the earlier choice", () => {
    render(<ProductivityQuestionnaire onComplete={vi.fn()} onBack={vi.fn()} />);
    expect(screen.getByText("Step 1 of 6")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
    choose(/^Time blindness/);
    expect(screen.getByText("Step 2 of 6")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(
      screen.getByRole("button", { name: /^Time blindness/ }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(screen.getByRole("button", { name: /^Overwhelm/ }).getAttribute("aria-pressed")).toBe(
      "false",
    );
  });

  it("goes on where the person was after a reload, and forgets it once finished", () => {
    render(<ProductivityQuestionnaire onComplete={vi.fn()} onBack={vi.fn()} />);
    choose(/^Time blindness/);
    choose(/^Afternoon/);
    choose(/^Student/);
    cleanup();
    const onComplete = vi.fn();
    render(<ProductivityQuestionnaire onComplete={onComplete} onBack={vi.fn()} />);
    expect(screen.getByText("Step 4 of 6")).toBeTruthy();
    choose(/^Quick sprints/);
    choose(/^I freeze/);
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(onComplete).toHaveBeenCalledWith(
      expect.objectContaining({ struggle: "time_blindness", peak_time: "afternoon" }),
    );
    cleanup();
    render(<ProductivityQuestionnaire onComplete={vi.fn()} onBack={vi.fn()} />);
    expect(screen.getByText("Step 1 of 6")).toBeTruthy();
  });

  it("needs text for Continue and sends it trimmed", () => {
    const onComplete = vi.fn();
    render(<ProductivityQuestionnaire onComplete={onComplete} onBack={vi.fn()} />);
    answerFiveSteps();
    const cont = screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    expect(cont.disabled).toBe(true);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "   " } });
    expect(cont.disabled).toBe(true);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "  Gym on Tuesdays " } });
    expect(cont.disabled).toBe(false);
    fireEvent.click(cont);
    expect(onComplete).toHaveBeenCalledWith({
      struggle: "time_blindness",
      peak_time: "afternoon",
      typical_day: "student",
      work_style: "quick_sprints",
      avoidance: "freeze",
      additional_info: "Gym on Tuesdays",
    });
  });

  it("records empty text on Skip", () => {
    const onComplete = vi.fn();
    render(<ProductivityQuestionnaire onComplete={onComplete} onBack={vi.fn()} />);
    answerFiveSteps();
    fireEvent.change(screen.getByRole("textbox"), {
      target: { value: "draft I changed my mind on" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(onComplete.mock.calls[0]![0].additional_info).toBe("");
  });

  it("leaves through Back", () => {
    const onBack = vi.fn();
    render(<ProductivityQuestionnaire onComplete={vi.fn()} onBack={onBack} />);
    fireEvent.click(screen.getByRole("button", { name: /Back/ }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe("BuildingProfile", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const status = () => screen.getByRole("status").textContent;
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  // the profile the server would answer for these choices (the same composer)
  const outcome = localOutcome(
    {
      struggle: "focus",
      peak_time: "morning",
      typical_day: "structured_job",
      work_style: "deep_work",
      avoidance: "distract_easier",
      additional_info: "",
    },
    "",
  );

  it("reports what the profile decided, a step at 25, 50 and 75 percent, and waits the whole 15 s", () => {
    const onFinished = vi.fn();
    render(<BuildingProfile outcome={outcome} onFinished={onFinished} />);
    // in the browser's locale (happy-dom reports en-US)
    expect(navigator.language).toBe("en-US");
    // a morning peak (8–11) of a 9-to-5 day: only the hours it works are promised (issue 26)
    expect(status()).toBe("Energy: your hardest work goes to 9–11 AM");
    advance(3_700);
    expect(status()).toMatch(/^Energy:/);
    advance(100);
    expect(status()).toMatch(/^Rhythm: 1 hour 30 minutes focus blocks/);
    expect(screen.getByRole("list", { name: "Done so far" }).textContent).toMatch(/Energy:/);
    advance(3_800);
    expect(status()).toMatch(/^Strategies: \d+-minute buffers/);
    advance(3_800);
    expect(status()).toMatch(/^Calendar: Monday to Friday/);
    advance(3_500);
    expect(onFinished).not.toHaveBeenCalled();
    advance(200);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it("says it is reading the answers while the profile has not come back", () => {
    render(<BuildingProfile outcome={null} onFinished={vi.fn()} />);
    expect(status()).toBe(READING_ANSWERS);
    advance(8_000);
    expect(status()).toBe(READING_ANSWERS);
  });

  it("shows the finishing-touches notice past 15 s, and finishes once the profile is ready", () => {
    const onFinished = vi.fn();
    const { rerender } = render(<BuildingProfile outcome={null} onFinished={onFinished} />);
    advance(15_100);
    expect(status()).toBe(FINISHING_TOUCHES);
    expect(onFinished).not.toHaveBeenCalled();
    rerender(<BuildingProfile outcome={outcome} onFinished={onFinished} />);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });
});

describe("localOutcome", () => {
  it("composes the profile from the answers on the device when the server fails", () => {
    const outcome = localOutcome(
      {
        struggle: "focus",
        peak_time: "morning",
        typical_day: "parent",
        work_style: "tiny_tasks",
        avoidance: "freeze",
        additional_info: "",
      },
      "offline",
    );
    expect(outcome.summary).toContain("in the morning (8–11 AM)");
    expect(outcome.scheduling?.workingHours).toEqual({ start: 9, end: 15 });
    expect(outcome).toMatchObject({ saved: false, notice: "offline" });
  });

  it("says 'Context summary unavailable' with three generic steps when the answers are unusable", () => {
    const outcome = localOutcome({ struggle: "focus" }, "offline");
    expect(outcome.summary).toBe(UNAVAILABLE_SUMMARY);
    expect(outcome.nextSteps).toHaveLength(3);
    expect(outcome.scheduling).toBeNull();
  });
});
