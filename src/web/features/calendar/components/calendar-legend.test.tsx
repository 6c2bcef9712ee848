import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Legend } from "./calendar-legend.tsx";

afterEach(cleanup);

describe("the calendar's key", () => {
  it("explains the quiet overlap marker with the mark itself", () => {
    render(<Legend hasProfile={false} plan={false} />);
    const entry = screen.getByText("Overlaps another event");
    expect(entry.querySelector("[data-overlap-mark]")).not.toBeNull();
  });

  it("explains the outline of a plan's new blocks only while a plan stands", () => {
    const { rerender } = render(<Legend hasProfile={false} plan={false} />);
    expect(screen.queryByText(/New blocks from the last plan/)).toBeNull();
    rerender(<Legend hasProfile={false} plan />);
    expect(screen.getByText(/New blocks from the last plan/)).toBeTruthy();
  });
});
