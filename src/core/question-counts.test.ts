import { describe, expect, it } from "vitest";
import { PRODUCTIVITY_STEPS } from "./productivity/questions.ts";
import { PRODUCTIVITY_QUESTION_COUNT } from "./question-counts.ts";

describe("question counts", () => {
  it("the productivity count is the questionnaire's number of steps", () => {
    expect(PRODUCTIVITY_QUESTION_COUNT).toBe(PRODUCTIVITY_STEPS.length);
  });
});
