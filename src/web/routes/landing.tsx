import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from "react";
import type { OnboardingDomain } from "../../core/onboarding/question-sets.ts";
import { type Tier, tierIncludesArea } from "../../core/plans.ts";
import { PageShell } from "../components/page-shell.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { CalendarSection } from "../features/landing/components/calendar-section.tsx";
import {
  CHOOSE_SECTION_ID,
  ChooseSection,
} from "../features/landing/components/choose-section.tsx";
import { ComparisonSection } from "../features/landing/components/comparison-section.tsx";
import { DontDoSection } from "../features/landing/components/dont-do-section.tsx";
import { FeatureBlurbs } from "../features/landing/components/feature-blurbs.tsx";
import { Hero } from "../features/landing/components/hero.tsx";
import { VoteSection } from "../features/votes/components/vote-section.tsx";
import { useAuth } from "../lib/auth-context.ts";
import { useLocation, useNavigate, useSearchParams } from "../lib/router.tsx";
import { useMeta } from "../lib/use-meta.ts";

// the pricing screen and the questionnaires open on a click: their code (the question sets,
// plans, billing) loads then, keeping the landing's first load small
// (with the query client they use: the landing itself does not load it, decision 033)
const PricingScreen = lazy(() =>
  Promise.all([
    import("../lib/query-scope.tsx"),
    import("../features/billing/components/pricing-screen.tsx"),
  ]).then(([{ QueryScope }, m]) => ({
    default: (props: ComponentProps<typeof m.PricingScreen>) => (
      <QueryScope>
        <m.PricingScreen {...props} />
      </QueryScope>
    ),
  })),
);
const OnboardingFlow = lazy(() =>
  import("../features/onboarding/components/onboarding-flow.tsx").then((m) => ({
    default: m.OnboardingFlow,
  })),
);
// what only a signed-in visitor sees, or only a click needs, loads then: a visitor's first
// load of / (prerendered signed out) carries none of it (docs/PERFORMANCE.md)
const AccountExtras = lazy(() =>
  Promise.all([
    import("../lib/query-scope.tsx"),
    import("../features/landing/components/account-extras.tsx"),
  ]).then(([{ QueryScope }, m]) => ({
    default: (props: ComponentProps<typeof m.AccountExtras>) => (
      <QueryScope>
        <m.AccountExtras {...props} />
      </QueryScope>
    ),
  })),
);
const flowLoading = (
  <p role="status" className="px-4 py-16 text-center text-stone-600">
    Loading…
  </p>
);

type Flow =
  | { kind: "home" }
  | { kind: "pricing"; area?: string }
  | { kind: "onboarding"; domain: OnboardingDomain };
type LandingState = {
  fromChat?: boolean;
  showPricing?: boolean;
  requestedArea?: string;
  /** Set by the chat after the account was deleted: the landing page says so. */
  accountDeleted?: boolean;
} | null;

/** Kept for the chat: an anonymous visitor's onboarding result, carried across sign-in. */
export default function LandingPage() {
  const { status, signIn } = useAuth();
  const { data: meta } = useMeta();
  /** The plan life areas are offered for (a visitor's is free), waiting for it if need be. */
  async function currentTier(): Promise<Tier> {
    if (status !== "signedIn") return "free";
    // the allowance's query lives with the shared server state, loaded on this click
    const [{ usageQuery }, { queryClient }] = await Promise.all([
      import("../lib/server-state.ts"),
      import("../lib/query-client.ts"),
    ]);
    return (await queryClient.ensureQueryData(usageQuery).catch(() => null))?.tier ?? "free";
  }
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as LandingState;
  const [flow, setFlow] = useState<Flow>(
    state?.showPricing ? { kind: "pricing" } : { kind: "home" },
  );
  const [params, setParams] = useSearchParams();
  const authError = params.get("authError");
  const scrollToChoose = useRef(false);

  // arriving (again) with showPricing opens the pricing screen, even when already on /
  useEffect(() => {
    if ((location.state as LandingState)?.showPricing) setFlow({ kind: "pricing" });
  }, [location]);

  // spec: a signed-in user on exactly / goes to /chat, unless arriving with fromChat or
  // while the pricing, onboarding or chat flow is open
  useEffect(() => {
    if (status !== "signedIn" || location.pathname !== "/") return;
    if (state?.fromChat || flow.kind !== "home" || authError) return;
    navigate("/chat", { replace: true });
  }, [status, location.pathname, state, flow, authError, navigate]);

  // a screen that replaces the content starts at its top; 'Help Me With Something Else'
  // returns to the assistant choice
  useEffect(() => {
    if (flow.kind !== "home") {
      window.scrollTo(0, 0);
      return;
    }
    if (scrollToChoose.current) {
      scrollToChoose.current = false;
      const heading = document.getElementById(`${CHOOSE_SECTION_ID}-heading`);
      heading?.scrollIntoView({ block: "start" });
      heading?.focus({ preventScroll: true });
    }
  }, [flow]);

  const openPricing = () => setFlow({ kind: "pricing" });
  const goHome = () => setFlow({ kind: "home" });

  async function startGettingHelp(
    domain: OnboardingDomain,
    result: { contextSummary: string; answers: Record<string, string> },
  ) {
    const chatState = { contextSummary: result.contextSummary, domain, responses: result.answers };
    if (status === "signedIn") {
      navigate("/chat", { state: chatState });
      return;
    }
    const { savePendingOnboarding } = await import("../lib/pending-onboarding.ts");
    savePendingOnboarding(chatState);
    await signIn();
  }

  return (
    <PageShell
      header={{
        onLogoClick: goHome,
        accountExtras: status === "signedIn" && (
          <Suspense fallback={null}>
            <AccountExtras
              signedIn
              billing={meta?.modes.billing}
              onUpgrade={openPricing}
              onManageSubscription={() =>
                // a portal failure is shown where billing lives: the pricing screen
                void import("../features/billing/api/checkout.ts")
                  .then((m) => m.openBillingPortal(window.location.href))
                  .catch(openPricing)
              }
            />
          </Suspense>
        ),
      }}
      footer={<SiteFooter />}
    >
      {state?.accountDeleted && (
        <p
          role="status"
          className="mx-auto mt-4 max-w-3xl rounded-xl bg-sage-50 px-4 py-3 text-sage-900"
        >
          Your account has been deleted, with your profile, conversations and calendar. You are
          signed out.
        </p>
      )}
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
      {flow.kind === "pricing" ? (
        <Suspense fallback={flowLoading}>
          <PricingScreen onClose={goHome} requestedArea={flow.area ?? state?.requestedArea} />
        </Suspense>
      ) : flow.kind === "onboarding" ? (
        <div className="px-4 py-12 sm:py-16">
          <h1 className="sr-only">Quick setup: {flow.domain}</h1>
          <Suspense fallback={flowLoading}>
            <OnboardingFlow
              key={flow.domain}
              domain={flow.domain}
              onExit={goHome}
              onStart={(result) => void startGettingHelp(flow.domain, result)}
              onSomethingElse={() => {
                scrollToChoose.current = true;
                goHome();
              }}
            />
          </Suspense>
        </div>
      ) : (
        <>
          <Hero />
          <CalendarSection />
          <ComparisonSection />
          <ChooseSection
            onStartOnboarding={async (domain) =>
              // an area the plan does not include leads to the plan that does, not to a
              // questionnaire whose assistant the server would refuse
              tierIncludesArea(await currentTier(), domain)
                ? setFlow({ kind: "onboarding", domain })
                : setFlow({ kind: "pricing", area: domain })
            }
          />
          <VoteSection />
          <FeatureBlurbs />
          <DontDoSection />
        </>
      )}
    </PageShell>
  );
}
