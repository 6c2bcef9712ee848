import { describe, expect, it } from "vitest";
import { composeContextSummary } from "./compose-context-summary.ts";
import { ONBOARDING_DOMAINS, QUESTION_SETS } from "./question-sets.ts";

describe("composeContextSummary", () => {
  it("writes a short summary in sentences, the person's words quoted, not label lines", () => {
    const [role, next] = QUESTION_SETS.career.questions;
    const summary = composeContextSummary({
      domain: "career",
      answers: {
        [role!.question]: "  support lead   for 4 years. ",
        [next!.question]: "Product manager!",
      },
    });
    const lines = summary.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("Career profile");
    expect(lines[1]).toBe(
      "Today you work as “support lead for 4 years”. In two years you'd like to be at “Product manager!”.",
    );
    expect(summary).not.toMatch(/Current role:|Where you want to go:/);
    expect(lines[2]).toContain(
      "Sage is a calendar assistant: for your career it will turn the hours you can give your career into blocks",
    );
    expect(lines[2]).toContain("it can't review your CV or coach you for interviews.");
  });

  it("leaves blank answers out", () => {
    const [q1, q2] = QUESTION_SETS.goals.questions;
    const summary = composeContextSummary({
      domain: "goals",
      answers: { [q1!.question]: "Save for a flat", [q2!.question]: "   " },
    });
    expect(summary).toContain("Your goal this year is “Save for a flat”.");
    expect(summary).not.toContain("It matters to you");
  });

  it("puts an unknown question and its answer side by side", () => {
    const summary = composeContextSummary({
      domain: "travel",
      answers: { "Do you get  seasick?": "only on small boats" },
    });
    expect(summary).toContain("Asked “Do you get seasick?”, you said “only on small boats”.");
  });

  it("cuts a very long answer at a word boundary", () => {
    const long = "word ".repeat(200);
    const summary = composeContextSummary({
      domain: "writing",
      answers: { [QUESTION_SETS.writing.questions[0]!.question]: long },
    });
    const line = summary.split("\n")[1]!;
    expect(line.length).toBeLessThan(340);
    expect(line.endsWith("word…”.")).toBe(true);
  });

  it("still says something useful when every answer is blank", () => {
    const summary = composeContextSummary({ domain: "nutrition", answers: { "A?": "" } });
    expect(summary).toContain("No details shared yet");
  });

  it("has five distinct questions with placeholders, labels and sentences for every life area", () => {
    for (const domain of ONBOARDING_DOMAINS) {
      const { questions } = QUESTION_SETS[domain];
      expect(questions).toHaveLength(5);
      expect(new Set(questions.map((q) => q.question)).size).toBe(5);
      for (const q of questions) {
        expect(q.question.endsWith("?")).toBe(true);
        expect(q.placeholder.length).toBeGreaterThan(5);
        expect(q.label.length).toBeGreaterThan(2);
        // one place for the answer, inside a full sentence
        expect(q.sentence.split("{}")).toHaveLength(2);
        expect(q.sentence).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});
