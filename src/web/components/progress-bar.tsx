/** An accessible progress bar; `value` runs from 0 to `max`. */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
}: {
  value: number;
  max?: number;
  label: string;
  valueText?: string;
}) {
  const percent = Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(value)}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
    >
      <div
        className="h-full rounded-full bg-sage-600 transition-[width] duration-300 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
