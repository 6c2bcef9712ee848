import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildFitnessProgram } from "../../../core/fitness/build-program.ts";
import { FITNESS_QUESTIONS } from "../../../core/fitness/questions.ts";
import { FitnessQuestions } from "./components/fitness-questions.tsx";
import {
  APOLOGY_MESSAGE,
  GeneratingProgram,
  READY_MESSAGE,
} from "./components/generating-program.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("FitnessQuestions", () => {
  it("needs an answer for Next, joins multiselect values with '|' and keys answers by question text", () => {
    const onSubmit = vi.fn();
    render(<FitnessQuestions onBack={vi.fn()} onSubmit={onSubmit} />);
    expect(screen.getByText("Question 1 of 4")).toBeTruthy();
    expect(button("Next").disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Get stronger"));
    expect(button("Next").disabled).toBe(false);
    fireEvent.click(button("Next"));

    fireEvent.click(screen.getByLabelText(/^Advanced/));
    fireEvent.click(button("Next"));

    expect(button("Next").disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Saturday"));
    fireEvent.click(screen.getByLabelText("Monday"));
    fireEvent.click(screen.getByLabelText("Wednesday"));
    fireEvent.click(screen.getByLabelText("Saturday")); // unticked again
    fireEvent.click(button("Next"));

    expect(button("Generate Program").disabled).toBe(true);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "   " } });
    expect(button("Generate Program").disabled).toBe(true);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Gym, bad shoulder" } });
    fireEvent.click(button("Generate Program"));

    expect(onSubmit).toHaveBeenCalledWith({
      [FITNESS_QUESTIONS[0]!.question]: "Get stronger",
      [FITNESS_QUESTIONS[1]!.question]: "Advanced: I train three or more times a week",
      [FITNESS_QUESTIONS[2]!.question]: "Monday|Wednesday",
      [FITNESS_QUESTIONS[3]!.question]: "Gym, bad shoulder",
    });
  });

  it("restores the earlier answer on Previous, and goes back to the intro from the first question", () => {
    const onBack = vi.fn();
    render(<FitnessQuestions onBack={onBack} onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByLabelText("Lose weight"));
    fireEvent.click(button("Next"));
    fireEvent.click(button("Previous"));
    expect((screen.getByLabelText("Lose weight") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button("Previous"));
    expect(onBack).toHaveBeenCalled();
  });
});

describe("GeneratingProgram", () => {
  const status = () => screen.getByRole("status").textContent;
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it("says what it is doing, then what was built; the preview comes 1.5 s after 'ready'", () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    const { rerender } = render(
      <GeneratingProgram status="pending" program={null} onDone={onDone} />,
    );
    expect(status()).toBe("Writing your program from your 4 answers...");
    advance(10_000);
    expect(status()).toBe("Writing your program from your 4 answers...");
    const program = buildFitnessProgram(
      {
        goal: "Build muscle",
        experience: "Beginner",
        availability: "Monday|Thursday",
        preferences: "none",
      },
      { full: true },
    );
    rerender(<GeneratingProgram status="success" program={program} onDone={onDone} />);
    expect(status()).toBe(READY_MESSAGE);
    expect(screen.getByText("8 weeks, 2 sessions a week: Monday, Thursday")).toBeTruthy();
    expect(screen.getByText("All 8 weeks written out, each one building on the last")).toBeTruthy();
    advance(1_499);
    expect(onDone).not.toHaveBeenCalled();
    advance(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("apologises on failure, then moves on", () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<GeneratingProgram status="error" program={null} onDone={onDone} />);
    expect(status()).toBe(APOLOGY_MESSAGE);
    advance(1_500);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
