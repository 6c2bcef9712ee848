import { describe, expect, it } from "vitest";
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
  it("plans around the stored peak time and work style", () => {
    const reply = composeOfflineReply("Can you help me plan my week?", morningSprinter);
    expect(reply).toContain("**morning** (9:00–12:00)");
    expect(reply).toContain("25-minute sprints");
    expect(reply).not.toContain("Tip: answer the 5 questions");
  });

  it("uses the avoidance strategy for procrastination", () => {
    const reply = composeOfflineReply("I keep procrastinating on my thesis", morningSprinter);
    expect(reply).toContain("decide the next action for tomorrow");
    expect(reply).toContain("your main struggle");
  });

  it("without a profile, suggests the questionnaire", () => {
    expect(composeOfflineReply("plan my day")).toContain("Tip: answer the 5 questions");
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
