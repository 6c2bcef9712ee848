import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductivityAnswers } from "../../../../core/contract/productivity.ts";
import { buildSchedulingProfile } from "../../../../core/productivity/scheduling-profile.ts";
import { ProfileResult } from "./profile-result.tsx";

afterEach(cleanup);

const answers: ProductivityAnswers = {
  struggle: "focus",
  peak_time: "early_morning",
  typical_day: "parent",
  work_style: "medium_sessions",
  avoidance: "distract_easier",
  additional_info: "",
};

const renderResult = (given: ProductivityAnswers) =>
  render(
    <ProfileResult
      outcome={{
        summary: "A summary.",
        nextSteps: [],
        scheduling: buildSchedulingProfile(given),
        saved: false,
      }}
      peakTime={given.peak_time}
      signedIn={false}
      starting={false}
      error={null}
      onStart={() => {}}
      onHome={() => {}}
    />,
  );

describe("ProfileResult", () => {
  it("says so when the peak chosen lies outside the working hours, and where hard work goes", () => {
    renderResult(answers);
    const peak = screen.getByText("Peak energy").nextElementSibling!;
    expect(peak.textContent?.replace(/\s/g, " ")).toMatch(
      /^9 AM–12 PM\. You said 5–8 AM, before your working hours — so Sage plans hard work at the start of your day instead\.$/,
    );
  });

  it("when only part of the peak lies outside, says which part and what Sage keeps", () => {
    renderResult({ ...answers, peak_time: "morning", typical_day: "structured_job" });
    const peak = screen.getByText("Peak energy").nextElementSibling!;
    expect(peak.textContent?.replace(/\s/g, " ")).toBe(
      "9–11 AM. You said 8–11 AM; your working hours start at 9 AM, so Sage uses 9–11 AM.",
    );
  });

  it("says nothing more when the peak chosen fits the working hours", () => {
    renderResult({ ...answers, peak_time: "midday", typical_day: "structured_job" });
    const peak = screen.getByText("Peak energy").nextElementSibling!;
    expect(peak.textContent?.replace(/\s/g, " ")).toBe("11 AM–2 PM");
  });
});
