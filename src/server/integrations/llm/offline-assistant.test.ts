import { describe, expect, it } from "vitest";
import { PRODUCTIVITY_QUESTION_COUNT } from "../../../core/question-counts.ts";
import { composeOfflineReply, createOfflineAssistant } from "./offline-assistant.ts";

const morningSprinter = {
  domain: "productivity",
  summary: "x",
  answers: {
    peak_time: "morning",
    work_style: "quick_sprints",
    avoidance: "freeze",
    struggle: "procrastination",
  },
};

describe("offline assistant", () => {
  it("plans around the saved peak hours and work style, never other hours", () => {
    const reply = composeOfflineReply("Can you help me plan my week?", {
      ...morningSprinter,
      peakHours: "8:00 AM – 11:00 AM",
    });
    expect(reply).toContain("**morning** (8:00 AM – 11:00 AM)");
    expect(reply).not.toContain("9:00");
    expect(reply).toContain("25-minute sprints");
    expect(reply).not.toContain("questionnaire");
  });

  it("puts no footer on every reply", () => {
    for (const m of [
      "I'm tired",
      "help me focus",
      "I feel overwhelmed",
      "I keep procrastinating",
    ]) {
      const reply = composeOfflineReply(m);
      expect(reply).not.toMatch(/Tip:|questionnaire/);
    }
  });

  it("uses the avoidance strategy for procrastination", () => {
    const reply = composeOfflineReply("I keep procrastinating on my thesis", morningSprinter);
    expect(reply).toContain("decide the next action for tomorrow");
    expect(reply).toContain("your main struggle");
  });

  it("without a profile, suggests the questionnaire with its real question count", () => {
    expect(composeOfflineReply("how should I organise things?")).toContain(
      `If you answer the ${PRODUCTIVITY_QUESTION_COUNT} questions of the Calendar Intelligence questionnaire`,
    );
  });

  it("never asks someone who finished the questionnaire to answer it", () => {
    // answers the reply cannot read (an older profile) still mean the questionnaire is done
    const done = { domain: "general", summary: "x", answers: {}, questionnaireDone: true };
    for (const m of ["how should I organise things?", "hi", "what can you do?"]) {
      expect(composeOfflineReply(m, done)).not.toContain("questionnaire");
    }
  });

  it("does not push the productivity questionnaire in another area's chat", () => {
    const travel = { domain: "travel", summary: "x", answers: { destination: "Japan" } };
    expect(composeOfflineReply("how should I organise things?", travel)).not.toContain(
      "questionnaire",
    );
  });

  it("says what it cannot do, and offers what it can", () => {
    const reply = composeOfflineReply("can you send an email to Tom?");
    expect(reply).toContain("That's something I can't do for you");
    expect(reply).toContain("add task Send an email to Tom 15 min");
  });

  it("says what it can do", () => {
    expect(composeOfflineReply("what can you do?")).toMatch(/plan your day or week/);
  });

  it("is deterministic", () => {
    expect(composeOfflineReply("I'm tired", morningSprinter)).toBe(
      composeOfflineReply("I'm tired", morningSprinter),
    );
  });

  it("streams the same text it completes", async () => {
    const model = createOfflineAssistant({ chunkDelayMs: 0 });
    const request = { messages: [{ role: "user" as const, content: "help me focus" }] };
    const full = await model.complete(request);
    let streamed = "";
    const it = model.stream(request);
    let step = await it.next();
    while (!step.done) {
      streamed += step.value;
      step = await it.next();
    }
    expect(streamed).toBe(full.text);
    expect(step.value.text).toBe(full.text);
    expect(step.value.tokensUsed).toBeGreaterThan(0);
  });
});
