import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InsightsResponse } from "../../../../core/contract/insights.ts";
import { setOnline } from "../../../lib/use-online.ts";
import { cells, none, stated } from "../../../test/insights-fixture.ts";
import { mockApi, renderWithApp } from "../../../test/render-with-app.tsx";
import { EnergyChart, shownHours } from "./energy-chart.tsx";
import { evidenceLine, WhatSageLearned } from "./what-sage-learned.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

const learned: InsightsResponse = {
  ...stated,
  hours: {
    ...stated.hours,
    curves: {
      ...stated.hours.curves,
      high: cells(
        (h) => (h >= 14 && h < 17 ? 0.9 : 0.5),
        (h) => (h >= 9 && h < 17 ? 3 : 0),
      ),
    },
    learnedPeak: { start: 840, end: 1020 },
  },
  insights: [
    {
      key: "hours",
      sentence:
        "You get hard work done more often 2–5 PM than in the peak you gave (9 AM–12 PM): Sage now plans it there.",
      evidence: 9,
    },
  ],
  counts: { ...none, done: 5, moved: 5 },
};

describe("WhatSageLearned", () => {
  it("says nothing changed yet when there is no evidence", async () => {
    mockApi({ "GET /api/insights": { body: stated } });
    renderWithApp(<WhatSageLearned />);
    expect(await screen.findByText(/No changes yet: Sage plans exactly as you said/)).toBeTruthy();
    expect(screen.getByText(/until it sees how long yours really take/)).toBeTruthy();
    expect(screen.getByRole("img", { name: /outlined bars are what you said/ })).toBeTruthy();
    expect(screen.getByText(/Check in on your blocks from Today/)).toBeTruthy();
  });

  it("with evidence that moved nothing yet, says it is too little, not that nothing was seen", async () => {
    mockApi({ "GET /api/insights": { body: { ...stated, counts: { ...none, moved: 1 } } } });
    renderWithApp(<WhatSageLearned />);
    expect(
      await screen.findByText(/What it has seen so far \(the filled bars\) is too little/),
    ).toBeTruthy();
    expect(screen.queryByText(/Check in on your blocks from Today/)).toBeNull();
  });

  it("states each change with Undo and Don't learn this, and sends the person's choice", async () => {
    const api = mockApi({
      "GET /api/insights": { body: learned },
      "POST /api/insights/hours": {
        body: { ...stated, hours: { ...stated.hours, steer: { off: true, since: null } } },
      },
    });
    renderWithApp(<WhatSageLearned />);
    const item = (await screen.findByText(/You get hard work done more often/)).closest("li")!;
    expect(screen.getByText(/From 5 check-ins and 5 blocks you moved\./)).toBeTruthy();
    fireEvent.click(within(item).getByRole("button", { name: "Don't learn this" }));
    expect(await screen.findByText(/Sage keeps your energy hours as you gave them/)).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({ key: "POST /api/insights/hours", body: { action: "off" } });
    expect(screen.getByRole("button", { name: "Learn again" })).toBeTruthy();
  });

  it("does not make one finished task sound like a finding", async () => {
    const one = { ...stated, estimate: { ...stated.estimate, seen: 1.28, evidence: 1 } };
    mockApi({ "GET /api/insights": { body: one } });
    renderWithApp(<WhatSageLearned />);
    expect(
      await screen.findByText(
        "One finished task so far took about 1.28× your estimate — too few to go by: Sage keeps planning 1.25× until it has seen more.",
      ),
    ).toBeTruthy();
  });

  it("shows the numbers as a table too", async () => {
    mockApi({ "GET /api/insights": { body: learned } });
    renderWithApp(<WhatSageLearned />);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(1 + 8); // 9 AM to 5 PM
    expect(within(rows[6]!).getByText("90 %")).toBeTruthy(); // 2 PM, seen
    expect(within(rows[6]!).getByText("3.0 check-ins' worth")).toBeTruthy();
  });
});

describe("evidenceLine and shownHours", () => {
  it("lists what the model rests on", () => {
    expect(evidenceLine(none)).toBe("Nothing yet.");
    expect(evidenceLine({ ...none, skipped: 1, finished: 2, untouched: 1 })).toBe(
      "From 1 check-in, 2 finished tasks and 1 block left as planned.",
    );
  });
  it("widens the working day to any hour with evidence", () => {
    const c = cells(
      () => 0.6,
      (h) => (h === 19 ? 1 : 0),
    );
    expect(shownHours(c, { start: 540, end: 1020 })).toEqual([
      9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
  });
});

describe("EnergyChart", () => {
  it("a day widened by evidence scrolls sideways rather than shrinking its labels past reading", () => {
    const c = cells(
      () => 0.6,
      (h) => (h === 3 ? 2 : 0),
    );
    render(
      <EnergyChart
        cells={c}
        working={{ start: 540, end: 1020 }}
        statedPeak={null}
        learnedPeak={null}
        locale="en-US"
      />,
    );
    const region = screen.getByRole("region", { name: "Energy by hour" });
    // the hours 3 AM to 4 PM: 14 of 48 units each, drawn at 0.8 at least
    expect((region.querySelector("svg") as SVGElement).style.minWidth).toBe("538px");
    expect(region.tabIndex).toBe(0);
    // a "seen" bar only where something was seen: 3 AM alone (the rest would echo what was said)
    expect(region.querySelectorAll("rect.fill-sage-700")).toHaveLength(1);
  });
});
