import { useEffect } from "react";
import { HowYouWork } from "../features/plan-profile/components/how-you-work.tsx";
import { WhatSageLearned } from "../features/plan-profile/components/what-sage-learned.tsx";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate } from "../lib/router.tsx";

/** /how-you-work: the person's working days, hours and energy, as Sage plans with them. */
export default function HowYouWorkPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true });
  }, [status, navigate]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 bg-white px-4 py-2.5">
        <Link
          to="/chat"
          className="rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          ← Chat
        </Link>
        <Link
          to="/calendar"
          className="rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          Calendar
        </Link>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="text-2xl font-bold text-stone-900">How you work</h1>
        <p className="mt-1 text-stone-700">
          The days, hours and energy Sage plans your work around.
        </p>
        {status === "signedIn" && (
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
        )}
        <div className="mt-6">
          {status === "signedIn" ? (
            <HowYouWork />
          ) : (
            <p role="status" className="text-stone-700">
              Loading…
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
