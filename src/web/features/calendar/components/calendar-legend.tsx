import { OverlapMark } from "./overlap-mark.tsx";

/** What the grid's colours and marks mean (folded under "What the colours mean" on a phone). */
export function Legend({ hasProfile, plan }: { hasProfile: boolean; plan: boolean }) {
  const swatch = "inline-block h-3 w-3 rounded-sm align-middle";
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>
        <span className={`${swatch} border-l-4 border-sky-700 bg-sky-50`} aria-hidden="true" />{" "}
        Yours
      </span>
      <span>
        <span className={`${swatch} border-l-4 border-sage-700 bg-sage-50`} aria-hidden="true" /> ◆
        Planned by Sage
      </span>
      <span className="inline-flex items-center gap-1">
        <OverlapMark />
        Overlaps another event
      </span>
      {plan ? (
        <span>
          <span className={`${swatch} ring-2 ring-amber-500`} aria-hidden="true" /> New blocks from
          the last plan
        </span>
      ) : null}
      {hasProfile ? (
        <>
          <span>
            <span className={`${swatch} bg-amber-100`} aria-hidden="true" /> Peak hours
          </span>
          <span>
            <span
              className={`${swatch} bg-[repeating-linear-gradient(135deg,transparent_0_3px,rgb(168_162_158)_3px_4px)]`}
              aria-hidden="true"
            />{" "}
            Dip
          </span>
          <span>
            <span className={`${swatch} bg-stone-100 ring-1 ring-stone-300`} aria-hidden="true" />{" "}
            Outside working hours
          </span>
        </>
      ) : (
        <span>Answer the productivity questions to see your working and peak hours here.</span>
      )}
    </span>
  );
}
