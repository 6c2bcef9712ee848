import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanProfileResponse } from "../../../../core/contract/plan-profile.ts";
import { DEFAULT_PLAN_PROFILE } from "../../../../core/plan-profile/seed-plan-profile.ts";
import { setOnline } from "../../../lib/use-online.ts";
import { stated } from "../../../test/insights-fixture.ts";
import { mockApi, renderWithApp } from "../../../test/render-with-app.tsx";
import { HowYouWork } from "./how-you-work.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

const seeded: PlanProfileResponse = {
  profile: DEFAULT_PLAN_PROFILE,
  version: 3,
  source: "questionnaire",
  explained: [],
  fromNotes: ["From your note (“Fridays are for errands”): you work Monday to Thursday."],
  resolved: ["Your peak, 5 am–8 am, falls outside your working hours (9 am–5 pm)."],
};

describe("HowYouWork", () => {
  it("shows what was taken from the note and what was put right", async () => {
    mockApi({ "GET /api/plan/profile": { body: seeded } });
    renderWithApp(<HowYouWork />);
    expect(await screen.findByText("Taken from your note")).toBeTruthy();
    expect(screen.getByText(/Fridays are for errands/)).toBeTruthy();
    expect(screen.getByText(/falls outside your working hours/)).toBeTruthy();
    expect(screen.getByText("Sage plans your work Monday to Friday, 9 am–5 pm.")).toBeTruthy();
  });

  it("says in words when Sage plans hard work at other hours than the ones said", async () => {
    const learned = {
      ...stated,
      hours: { ...stated.hours, learnedPeak: { start: 840, end: 1020 } },
    };
    mockApi({
      "GET /api/plan/profile": { body: seeded },
      "GET /api/insights": { body: learned },
    });
    renderWithApp(<HowYouWork />);
    expect(
      await screen.findByText(/it now plans your hardest work at 2:00\s?–\s?5:00\sPM/),
    ).toBeTruthy();
  });

  it("says nothing of learned hours when there are none, or learning is off", async () => {
    const off = {
      ...stated,
      hours: {
        ...stated.hours,
        learnedPeak: { start: 840, end: 1020 },
        steer: { off: true, since: null },
      },
    };
    for (const body of [stated, off]) {
      const api = mockApi({
        "GET /api/plan/profile": { body: seeded },
        "GET /api/insights": { body },
      });
      renderWithApp(<HowYouWork />);
      await screen.findByText("Sage plans your work Monday to Friday, 9 am–5 pm.");
      // the insights have arrived and been rendered before the absence is checked
      await waitFor(() => expect(api.calls.map((c) => c.key)).toContain("GET /api/insights"));
      await act(async () => {});
      expect(screen.queryByText(/it now plans your hardest work/)).toBeNull();
      cleanup();
    }
  });

  it("saves from the version it loaded, and shows a 400 beside the field it names", async () => {
    const api = mockApi({
      "GET /api/plan/profile": { body: seeded },
      "PUT /api/plan/profile?version=3": {
        status: 400,
        body: { error: "focusBlockMinutes: must be at least 10 minutes", code: "bad_request" },
      },
    });
    renderWithApp(<HowYouWork />);
    const focus = await screen.findByLabelText("Focus block (minutes)");
    fireEvent.change(focus, { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("must be at least 10 minutes")).toBeTruthy();
    expect(focus.getAttribute("aria-invalid")).toBe("true");
    expect(api.calls.at(-1)).toEqual({
      key: "PUT /api/plan/profile?version=3",
      body: { ...DEFAULT_PLAN_PROFILE, focusBlockMinutes: 5 },
    });
  });

  it("on a 409 says so kindly, and Keep my changes saves them over the latest", async () => {
    const latest = { ...seeded, version: 4, source: "edited" as const };
    const api = mockApi({
      "GET /api/plan/profile": { body: seeded },
      "PUT /api/plan/profile?version=3": {
        status: 409,
        body: { error: "changed elsewhere", code: "conflict", details: { current: latest } },
      },
      "PUT /api/plan/profile?version=4": (body) => ({
        body: { ...latest, version: 5, profile: body },
      }),
    });
    renderWithApp(<HowYouWork />);
    fireEvent.change(await screen.findByLabelText("Buffer around events (minutes)"), {
      target: { value: "20" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/changed somewhere else meanwhile/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Keep my changes" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved. Sage plans with this from now on.")).toBeTruthy();
    expect(api.calls.at(-1)?.key).toBe("PUT /api/plan/profile?version=4");
  });

  it("offline: Save is disabled and says why", async () => {
    mockApi({ "GET /api/plan/profile": { body: seeded } });
    renderWithApp(<HowYouWork />);
    fireEvent.change(await screen.findByLabelText("Focus block (minutes)"), {
      target: { value: "25" },
    });
    act(() => setOnline(false));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true),
    );
    expect(
      screen.getByText("You're offline: changes can be saved once you're back online."),
    ).toBeTruthy();
  });
});
