/**
 * Two overlapping squares: this item overlaps another (decision 034). Quiet on purpose; the
 * item's label says it in words, and the legend says what the mark means.
 */
export function OverlapMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 10 10"
      className="h-2.5 w-2.5 shrink-0 self-center opacity-60"
      data-overlap-mark=""
    >
      <rect x="0.5" y="0.5" width="6" height="6" fill="none" stroke="currentColor" />
      <rect x="3.5" y="3.5" width="6" height="6" fill="none" stroke="currentColor" />
    </svg>
  );
}
