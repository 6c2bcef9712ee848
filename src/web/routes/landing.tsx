import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { useAuth } from "../features/auth/auth-context.ts";
import { PricingScreen } from "../features/billing/components/pricing-screen.tsx";

type Flow = "home" | "pricing" | "onboarding";
type LandingState = { fromChat?: boolean; showPricing?: boolean; requestedArea?: string } | null;

export default function LandingPage() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as LandingState;
  const [flow, setFlow] = useState<Flow>(state?.showPricing ? "pricing" : "home");
  const [params, setParams] = useSearchParams();
  const authError = params.get("authError");

  // arriving (again) with showPricing opens the pricing screen, even when already on /
  useEffect(() => {
    if ((location.state as LandingState)?.showPricing) setFlow("pricing");
  }, [location.state]);

  // spec: a signed-in user on exactly / goes to /chat, unless arriving with fromChat or
  // while the pricing, onboarding or chat flow is open
  useEffect(() => {
    if (status !== "signedIn" || location.pathname !== "/") return;
    if (state?.fromChat || flow !== "home" || authError) return;
    navigate("/chat", { replace: true });
  }, [status, location.pathname, state, flow, authError, navigate]);

  return (
    <PageShell header={{ onLogoClick: () => setFlow("home") }}>
      {authError !== null && (
        <div
          role="alert"
          className="mx-auto mt-4 max-w-3xl rounded-xl bg-red-50 px-4 py-3 text-red-800"
        >
          <p>Sign in failed: {authError || "Unknown error"}</p>
          <button
            type="button"
            className="mt-1 text-sm font-semibold underline"
            onClick={() => {
              params.delete("authError");
              setParams(params, { replace: true });
            }}
          >
            Dismiss
          </button>
        </div>
      )}
      {flow === "pricing" ? (
        <PricingScreen onClose={() => setFlow("home")} requestedArea={state?.requestedArea} />
      ) : (
        <section className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h1 className="text-4xl font-black tracking-tight text-stone-900 sm:text-5xl">
            An AI that manages your calendar the way you actually work
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-stone-700">
            Answer 5 questions about your energy, your days and what you avoid. Sage places
            realistic time blocks, with buffers, at the hours you do your best work.
          </p>
          <div className="mt-8 flex flex-col items-center gap-3">
            <Button onClick={() => navigate("/productivity")}>Build my calendar profile</Button>
            <p className="text-sm text-stone-600">Free preview - No signup required</p>
          </div>
        </section>
      )}
    </PageShell>
  );
}
