import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";

/**
 * Keeps the scroller at `target(viewportHeight)` for the shown range (`rangeKey`) until the
 * person takes the grid over (a pointer, the wheel, a key, or any scroll this hook did not
 * make) — so events that arrive after the first paint still pull the view to them, and
 * nothing moves under a hand. A new range opens afresh. Returns the handlers for the scroller.
 */
export function useOpeningScroll(
  scroller: RefObject<HTMLElement | null>,
  rangeKey: string,
  target: (viewport: number) => number,
) {
  const held = useRef<string | null>(null);
  const placed = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || held.current === rangeKey) return;
    const top = target(el.clientHeight);
    if (Math.abs(el.scrollTop - top) > 1) el.scrollTop = top;
    placed.current = el.scrollTop;
  });
  const hold = useCallback(() => {
    held.current = rangeKey;
  }, [rangeKey]);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && placed.current !== null && Math.abs(el.scrollTop - placed.current) > 1) hold();
  }, [scroller, hold]);
  return { hold, onScroll };
}
