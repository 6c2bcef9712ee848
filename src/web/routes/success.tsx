import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { tierLabel } from "../../core/plans.ts";
import { Button, buttonClass } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { verifyPayment } from "../features/billing/api/verify-payment.ts";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate, useSearchParams } from "../lib/router.tsx";
import { useMeta } from "../lib/use-meta.ts";

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** Payment confirmation: verifying → welcome (plan, status, next billing date) or the error. */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const { status } = useAuth();
  const meta = useMeta();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const billingUnavailable = meta.data?.modes.billing === "unavailable";
  const ready =
    Boolean(sessionId) && status === "signedIn" && meta.isSuccess && !billingUnavailable;
  // verification is idempotent on the server; one query per session id avoids re-asking on re-render
  const verification = useQuery({
    queryKey: ["verify-payment", sessionId],
    queryFn: () => verifyPayment(sessionId!),
    enabled: ready,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const outcome = verification.data;
  useEffect(() => {
    if (outcome?.ok) {
      void queryClient.invalidateQueries({ queryKey: ["usage"] });
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    }
  }, [outcome, queryClient]);

  let error: string | null = null;
  if (!sessionId) error = "No payment session found";
  else if (status === "signedOut") error = "User not authenticated";
  else if (billingUnavailable) error = "Service unavailable. Please try again later.";
  else if (verification.isError) error = "Failed to verify payment";
  else if (outcome && !outcome.ok) error = outcome.error;

  return (
    <PageShell>
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        {error ? (
          <>
            <h1 className="text-3xl font-bold text-red-800">Payment Error</h1>
            <p role="alert" className="mt-3 text-stone-800">
              {error}
            </p>
            <Link to="/" state={{ fromChat: true }} className={buttonClass("primary", "mt-8")}>
              Return to App
            </Link>
          </>
        ) : outcome?.ok ? (
          <>
            <h1 className="text-3xl font-bold text-stone-900">Welcome to calendar intelligence!</h1>
            <p className="mt-3 text-stone-700">Your payment went through and your plan is ready.</p>
            <dl className="mx-auto mt-8 grid max-w-sm grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-stone-200 bg-white p-5 text-left">
              <dt className="text-stone-600">Plan</dt>
              <dd className="font-semibold">{tierLabel(outcome.subscription.tier)}</dd>
              <dt className="text-stone-600">Status</dt>
              <dd className="font-semibold capitalize">{outcome.subscription.status}</dd>
              <dt className="text-stone-600">Next billing date</dt>
              <dd className="font-semibold">
                {outcome.subscription.current_period_end
                  ? longDate(outcome.subscription.current_period_end)
                  : "—"}
              </dd>
            </dl>
            <Button className="mt-8" onClick={() => navigate("/chat", { replace: true })}>
              Start Using Your Calendar AI
            </Button>
          </>
        ) : (
          <div role="status">
            <h1 className="text-3xl font-bold text-stone-900">Verifying Payment</h1>
            <p className="mt-3 text-stone-700">Please wait while we confirm your payment…</p>
          </div>
        )}
      </section>
    </PageShell>
  );
}
