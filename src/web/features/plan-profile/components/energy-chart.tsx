import { useId } from "react";
import type { InsightsResponse } from "../../../../core/contract/insights.ts";

type Cell = InsightsResponse["hours"]["curves"]["high"][number];
type Span = { start: number; end: number };

/** Width per hour shown: the chart is drawn near 1:1 on a phone and never huge on a desktop. */
const PER_HOUR = 48;
const H = 200;
const TOP = 16;
const BOTTOM = 36;
const PLOT = H - TOP - BOTTOM;
/** The smallest scale the chart is drawn at: its 10–11 px labels stay at 8 px or more. */
const MIN_SCALE = 0.8;

/** The hours worth showing: the working day, widened to any hour with evidence. */
export function shownHours(cells: Cell[], working: Span): number[] {
  let first = Math.floor(working.start / 60);
  let last = Math.ceil(working.end / 60) - 1;
  for (const c of cells)
    if (c.evidence > 0) {
      first = Math.min(first, c.hour);
      last = Math.max(last, c.hour);
    }
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** "9 AM" / "09" in the person's locale. */
function hourLabel(hour: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, 0, 1, hour)),
  );
}

const pct = (p: number) => `${Math.round(p * 100)} %`;
const evidenceWords = (n: number) =>
  n < 0.05 ? "nothing seen yet" : `${n < 10 ? n.toFixed(1) : Math.round(n)} check-ins' worth`;

/**
 * Energy by hour (issue 27): for each hour, the chance hard work gets done there — what the
 * person said (outlined) beside what Sage has seen (filled, fainter where evidence is thin) —
 * with the stated and the learned peak marked. An SVG with a text summary and, for screen
 * readers and anyone who prefers it, the same numbers as a table.
 */
export function EnergyChart({
  cells,
  working,
  statedPeak,
  learnedPeak,
  locale,
}: {
  cells: Cell[];
  working: Span;
  statedPeak: Span | null;
  learnedPeak: Span | null;
  locale: string;
}) {
  const titleId = useId();
  const hours = shownHours(cells, working);
  const W = hours.length * PER_HOUR;
  const step = PER_HOUR;
  const x = (minute: number) => ((minute / 60 - hours[0]!) / hours.length) * W;
  const y = (p: number) => TOP + PLOT * (1 - p);
  const band = (span: Span) => ({
    x: Math.max(0, x(span.start)),
    width: Math.max(0, Math.min(W, x(span.end)) - Math.max(0, x(span.start))),
  });
  const summary = `The chance your hard work gets done, hour by hour, from ${hourLabel(hours[0]!, locale)} to ${hourLabel((hours.at(-1)! + 1) % 24, locale)}: outlined bars are what you said, filled bars what Sage has seen.`;

  return (
    <figure className="space-y-2">
      {/* never drawn below MIN_SCALE (its labels would shrink past reading on a phone when
          evidence widens the day): a long day scrolls sideways instead */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard */}
      <section className="overflow-x-auto" tabIndex={0} aria-label="Energy by hour">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-labelledby={titleId}
          className="h-auto w-full max-w-xl"
          style={{ minWidth: `${Math.round(W * MIN_SCALE)}px` }}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={titleId}>{summary}</title>
          {statedPeak && (
            <rect {...band(statedPeak)} y={TOP - 12} height={PLOT + 12} className="fill-amber-50" />
          )}
          {learnedPeak && (
            <rect
              {...band(learnedPeak)}
              y={TOP - 12}
              height={PLOT + 12}
              className="fill-sage-100"
            />
          )}
          {[0.25, 0.5, 0.75, 1].map((p) => (
            <line
              key={p}
              x1={0}
              x2={W}
              y1={y(p)}
              y2={y(p)}
              className="stroke-stone-200"
              strokeWidth={1}
            />
          ))}
          {hours.map((hour, i) => {
            const c = cells[hour]!;
            const left = i * step;
            const bar = step * 0.36;
            const seenOpacity = 0.35 + 0.65 * Math.min(1, c.evidence / 3);
            return (
              <g key={hour}>
                <rect
                  x={left + step * 0.12}
                  y={y(c.stated)}
                  width={bar}
                  height={PLOT * c.stated}
                  className="fill-white stroke-stone-500"
                  strokeWidth={1.5}
                  strokeDasharray="4 3"
                />
                {/* an hour with nothing seen has no "seen" bar (it would only echo what was said) */}
                {c.evidence >= 0.05 && (
                  <rect
                    x={left + step * 0.52}
                    y={y(c.learned)}
                    width={bar}
                    height={PLOT * c.learned}
                    className="fill-sage-700"
                    fillOpacity={seenOpacity}
                  />
                )}
                <text
                  x={left + step / 2}
                  y={H - BOTTOM + 14}
                  textAnchor="middle"
                  className="fill-stone-700 text-[11px]"
                >
                  {hourLabel(hour, locale)}
                </text>
                {c.evidence >= 0.05 && (
                  <text
                    x={left + step / 2}
                    y={H - BOTTOM + 28}
                    textAnchor="middle"
                    className="fill-stone-500 text-[10px]"
                  >
                    {c.evidence < 10 ? c.evidence.toFixed(1) : Math.round(c.evidence)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </section>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
        <span className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 border border-dashed border-stone-500 bg-white"
          />
          What you said
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 bg-sage-700" />
          What Sage has seen (fainter: little evidence; the small numbers are how much)
        </span>
        {statedPeak && (
          <span className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 bg-amber-50 ring-1 ring-amber-200"
            />
            The peak you gave
          </span>
        )}
        {learnedPeak && (
          <span className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 bg-sage-100 ring-1 ring-sage-300"
            />
            Where Sage now plans hard work
          </span>
        )}
      </figcaption>
      <details className="text-sm text-stone-700">
        <summary className="cursor-pointer font-medium text-stone-800">The numbers</summary>
        <table className="mt-2 w-full text-left text-xs">
          <thead>
            <tr className="text-stone-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Hour
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                You said
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Sage has seen
              </th>
              <th scope="col" className="py-1 font-medium">
                Evidence
              </th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => {
              const c = cells[hour]!;
              return (
                <tr key={hour} className="border-t border-stone-100">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {hourLabel(hour, locale)}
                  </th>
                  <td className="py-1 pr-2">{pct(c.stated)}</td>
                  <td className="py-1 pr-2">{pct(c.learned)}</td>
                  <td className="py-1">{evidenceWords(c.evidence)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
