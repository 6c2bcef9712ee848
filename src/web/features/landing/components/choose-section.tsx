import { type FormEvent, useId, useState } from "react";
import {
  ONBOARDING_DOMAINS,
  type OnboardingDomain,
} from "../../../../core/onboarding/question-sets.ts";
import { planFor, requiredTierForArea } from "../../../../core/plans.ts";
import { PRODUCTIVITY_QUESTION_COUNT } from "../../../../core/question-counts.ts";
import { Button, buttonClass } from "../../../components/button.tsx";
import { Link } from "../../../lib/router.tsx";

export const CHOOSE_SECTION_ID = "choose-your-sage";

/** Life areas offered for the quick setup; productivity has its own, richer questionnaire. */
const QUICK_SETUP_AREAS = ONBOARDING_DOMAINS.filter((d) => d !== "productivity");

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function ChooseSection({
  onStartOnboarding,
}: {
  onStartOnboarding: (domain: OnboardingDomain) => void;
}) {
  const [area, setArea] = useState<OnboardingDomain>("goals");
  const selectId = useId();
  const start = (event: FormEvent) => {
    event.preventDefault();
    onStartOnboarding(area);
  };

  return (
    <section
      id={CHOOSE_SECTION_ID}
      aria-labelledby={`${CHOOSE_SECTION_ID}-heading`}
      className="scroll-mt-4 px-4 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-6xl">
        <h2
          id={`${CHOOSE_SECTION_ID}-heading`}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-stone-900"
        >
          Choose Your Sage
        </h2>
        <p className="mt-3 max-w-2xl text-stone-700">
          One assistant is live today, and it is the one most people need first: a calendar that
          works with you instead of against you.
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-5">
          <article className="rounded-3xl border-2 border-sage-700 bg-white p-6 lg:col-span-3">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="text-xl font-bold text-stone-900">Calendar Sage</h3>
              <span className="rounded-full bg-sage-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                Live
              </span>
            </div>
            <p className="mt-3 text-stone-700">
              Productivity, planning and focus. {PRODUCTIVITY_QUESTION_COUNT} short questions about
              how you work, then a scheduling profile you can see before you sign up.
            </p>
            <Link to="/productivity" className={buttonClass("primary", "mt-6")}>
              Start with Calendar Intelligence
            </Link>
          </article>
          <form
            onSubmit={start}
            className="rounded-3xl border border-stone-200 bg-white p-6 lg:col-span-2"
          >
            <h3 className="text-lg font-semibold text-stone-900">Quick setup for another area</h3>
            <p className="mt-2 text-sm text-stone-700">
              Answer a few questions in your own words and see the profile Sage would keep for you.
              Fitness and goals are free; the other areas come with a paid plan.
            </p>
            <label htmlFor={selectId} className="mt-4 block text-sm font-medium text-stone-800">
              Life area
            </label>
            <select
              id={selectId}
              value={area}
              onChange={(e) => setArea(e.target.value as OnboardingDomain)}
              className="mt-1 w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900"
            >
              {QUICK_SETUP_AREAS.map((d) => {
                const tier = requiredTierForArea(d);
                return (
                  <option key={d} value={d}>
                    {capitalise(d)}
                    {tier === "free" ? "" : ` (${planFor(tier).name} plan)`}
                  </option>
                );
              })}
            </select>
            <Button type="submit" variant="secondary" className="mt-4 w-full">
              Start quick setup
            </Button>
          </form>
        </div>
      </div>
    </section>
  );
}
