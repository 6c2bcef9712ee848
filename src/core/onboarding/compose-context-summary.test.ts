import { describe, expect, it } from "vitest";
import { composeContextSummary } from "./compose-context-summary.ts";
import { ONBOARDING_DOMAINS, QUESTION_SETS } from "./question-sets.ts";

describe("composeContextSummary", () => {
  it("labels built-in questions and quotes each answer as a tidy sentence", () => {
    const [goal, day] = QUESTION_SETS.career.questions;
    const summary = composeContextSummary({
      domain: "career",
      answers: {
        [goal!.question]: "  support lead   for 4 years ",
        [day!.question]: "Product manager!",
      },
    });
    const lines = summary.split("\n");
    expect(lines[0]).toBe("Career profile");
    expect(lines[1]).toBe("Current role: Support lead for 4 years.");
    expect(lines[2]).toBe("Where you want to go: Product manager!");
    expect(lines[3]).toContain("You shared 2 things about this part of your life");
    expect(lines[3]).toContain(QUESTION_SETS.career.focus);
  });

  it("leaves blank answers out", () => {
    const [q1, q2] = QUESTION_SETS.goals.questions;
    const summary = composeContextSummary({
      domain: "goals",
      answers: { [q1!.question]: "Save for a flat", [q2!.question]: "   " },
    });
    expect(summary).toContain("The goal: Save for a flat.");
    expect(summary).not.toContain("Why it matters");
    expect(summary).toContain("You shared one thing");
  });

  it("labels an unknown question by its own text", () => {
    const summary = composeContextSummary({
      domain: "travel",
      answers: { "Do you get seasick?": "only on small boats" },
    });
    expect(summary).toContain("Do you get seasick: Only on small boats.");
  });

  it("cuts a very long answer at a word boundary", () => {
    const long = "word ".repeat(200);
    const summary = composeContextSummary({
      domain: "writing",
      answers: { [QUESTION_SETS.writing.questions[0]!.question]: long },
    });
    const line = summary.split("\n")[1]!;
    expect(line.length).toBeLessThan(320);
    expect(line.endsWith("word…")).toBe(true);
  });

  it("still says something useful when every answer is blank", () => {
    const summary = composeContextSummary({ domain: "nutrition", answers: { "A?": "" } });
    expect(summary).toContain("No details shared yet");
  });

  it("has five distinct questions with placeholders and labels for every life area", () => {
    for (const domain of ONBOARDING_DOMAINS) {
      const { questions } = QUESTION_SETS[domain];
      expect(questions).toHaveLength(5);
      expect(new Set(questions.map((q) => q.question)).size).toBe(5);
      for (const q of questions) {
        expect(q.question.endsWith("?")).toBe(true);
        expect(q.placeholder.length).toBeGreaterThan(5);
        expect(q.label.length).toBeGreaterThan(2);
      }
    }
  });
});
