const DONTS = [
  {
    title: "No gamification or scores",
    body: "No streaks, points or leaderboards. Your day is not a game you can lose.",
  },
  {
    title: "No selling your data",
    body: "We make money from subscriptions, not from you. Your data is never sold or used for ads.",
  },
  {
    title: "No shaming for missed tasks",
    body: "Plans change. Sage moves the task to the next slot that fits, without a guilt trip.",
  },
  {
    title: "No cramming every minute",
    body: "We never fill your day to the brim. Slack is part of a realistic plan.",
  },
  {
    title: "No $20-a-month price tag",
    body: "Paid plans start at $5 a month, 75% cheaper than a $20 AI chat subscription.",
  },
];

export function DontDoSection() {
  return (
    <section aria-labelledby="dont-heading" className="bg-sage-900 px-4 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-5xl">
        <h2 id="dont-heading" className="text-3xl font-bold tracking-tight">
          What We DON'T Do
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {DONTS.map((d) => (
            <li key={d.title} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 font-bold text-sage-200">
                ✕
              </span>
              <span>
                <strong className="block text-lg">{d.title}</strong>
                <span className="text-sage-100">{d.body}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
