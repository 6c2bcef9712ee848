const FEATURES = [
  {
    title: "Built around your energy",
    body: "Tell Sage when you're sharp and when you fade. Demanding work lands in your peak hours; email and errands fill the dips.",
  },
  {
    title: "Buffers by default",
    body: "Every plan leaves breathing room between blocks and slack in the day, because meetings run over and life happens.",
  },
  {
    title: "Your calendar, kept current",
    body: "Sage writes the blocks to your calendar and reshuffles them when plans change, so the plan you see is the plan you can follow.",
  },
];

export function FeatureBlurbs() {
  return (
    <section aria-labelledby="features-heading" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-3xl border border-stone-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-stone-900">{f.title}</h3>
              <p className="mt-2 text-stone-700">{f.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
