const ROWS = [
  {
    generic: "Hands everyone the same productivity tips.",
    sage: "Plans around your peak hours and energy dips.",
  },
  {
    generic: "Packs tasks back to back until the day is full.",
    sage: "Adds buffer time so the day survives real life.",
  },
  {
    generic: "Forgets what you told it last week.",
    sage: "Remembers your work style, struggles and goals.",
  },
  {
    generic: "Leaves the actual scheduling to you.",
    sage: "Puts the blocks on your calendar, and in Google or Apple Calendar through a feed.",
  },
  {
    generic: "Treats a missed task as your failure.",
    sage: "Quietly moves it to the next slot that fits.",
  },
];

export function ComparisonSection() {
  return (
    <section aria-labelledby="comparison-heading" className="bg-white px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-5xl">
        <h2
          id="comparison-heading"
          className="text-center text-3xl font-bold tracking-tight text-stone-900"
        >
          Generic AI assistants vs. a calendar AI that knows you
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="rounded-3xl border border-stone-200 bg-stone-50 p-6">
            <h3 className="text-lg font-semibold text-stone-800">Before: generic assistants</h3>
            <ul className="mt-4 space-y-3">
              {ROWS.map((row) => (
                <li key={row.generic} className="flex gap-3 text-stone-700">
                  <span aria-hidden="true" className="font-bold text-red-700">
                    ✕
                  </span>
                  {row.generic}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-3xl border border-sage-300 bg-sage-50 p-6">
            <h3 className="text-lg font-semibold text-sage-900">After: Sage calendar AI</h3>
            <ul className="mt-4 space-y-3">
              {ROWS.map((row) => (
                <li key={row.sage} className="flex gap-3 text-stone-800">
                  <span aria-hidden="true" className="font-bold text-sage-700">
                    ✓
                  </span>
                  {row.sage}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
