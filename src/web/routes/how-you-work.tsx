import { SignedInPage } from "../components/signed-in-page.tsx";
import { HowYouWork } from "../features/plan-profile/components/how-you-work.tsx";
import { WhatSageLearned } from "../features/plan-profile/components/what-sage-learned.tsx";

/** /how-you-work: the person's working days, hours and energy, as Sage plans with them. */
export default function HowYouWorkPage() {
  return (
    <SignedInPage
      title="How you work"
      lead="The days, hours and energy Sage plans your work around."
    >
      <section
        aria-labelledby="learned"
        className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="learned" className="text-lg font-semibold text-stone-900">
          What Sage has learned
        </h2>
        <div className="mt-2">
          <WhatSageLearned />
        </div>
      </section>
      <div className="mt-6">
        <HowYouWork />
      </div>
    </SignedInPage>
  );
}
