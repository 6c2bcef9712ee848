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

  it("quotes how Sage plans now (How you work, what it learned), not the questionnaire", () => {
    const plan = {
      focusBlockMinutes: 60,
      breakMinutes: 10,
      bufferMinutes: 15,
      dailyLoadCapMinutes: 360,
      estimatePadding: 1.5,
      peakAsAnswered: false,
      learnedHours: true,
      learnedEstimate: true,
    };
    const reply = composeOfflineReply("Can you help me plan my week?", {
      ...morningSprinter,
      peakHours: "2:00 PM – 4:00 PM",
      plan,
    });
    expect(reply).toContain("Your best hours are 2:00 PM – 4:00 PM — as I've seen you work");
    expect(reply).not.toContain("morning");
    expect(reply).toContain("I plan your focus work in 60-minute blocks with 10-minute breaks.");
    expect(reply).not.toContain("25-minute");
    expect(reply).toContain(
      "I plan your tasks about 50% longer than your estimates — that's how long yours have really taken.",
    );
    expect(reply).toContain("I keep 15 minutes around meetings and 10 between blocks");
    expect(reply).toContain("I plan at most 6 hours of focused work a day");
    expect(composeOfflineReply("I'm so tired", { ...morningSprinter, plan })).toContain(
      "after every 60 minutes",
    );
    // the questionnaire's own answers, still the plan's: its words stay
    const asAnswered = composeOfflineReply("Can you help me plan my week?", {
      ...morningSprinter,
      peakHours: "8:00 AM – 11:00 AM",
      plan: {
        ...plan,
        focusBlockMinutes: 25,
        estimatePadding: 1,
        peakAsAnswered: true,
        learnedHours: false,
        learnedEstimate: false,
      },
    });
    expect(asAnswered).toContain("**morning** (8:00 AM – 11:00 AM)");
    expect(asAnswered).toContain("25-minute sprints");
    expect(asAnswered).toContain("I take your estimates as they are.");
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
