import { cleanup, fireEvent, render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useOpeningScroll } from "./use-opening-scroll.ts";

afterEach(cleanup);

function Scroller(p: { range: string; target: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const opening = useOpeningScroll(ref, p.range, () => p.target);
  return (
    <div
      ref={ref}
      data-testid="scroller"
      onScroll={opening.onScroll}
      onPointerDownCapture={opening.hold}
    />
  );
}

describe("useOpeningScroll", () => {
  it("follows the target (events arriving late) until the person scrolls", () => {
    const { rerender, getByTestId } = render(<Scroller range="w1" target={480} />);
    const el = getByTestId("scroller");
    expect(el.scrollTop).toBe(480);
    rerender(<Scroller range="w1" target={400} />);
    expect(el.scrollTop).toBe(400);
    el.scrollTop = 100;
    fireEvent.scroll(el);
    rerender(<Scroller range="w1" target={300} />);
    expect(el.scrollTop).toBe(100);
  });

  it("a pointer on the grid holds it too; a new range opens afresh", () => {
    const { rerender, getByTestId } = render(<Scroller range="w1" target={480} />);
    const el = getByTestId("scroller");
    fireEvent.pointerDown(el);
    rerender(<Scroller range="w1" target={200} />);
    expect(el.scrollTop).toBe(480);
    rerender(<Scroller range="w2" target={200} />);
    expect(el.scrollTop).toBe(200);
  });
});
