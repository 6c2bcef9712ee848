import { useState } from "react";
import { formatPrice } from "../../core/plans.ts";
import { Button, buttonClass } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { completeDemoCheckout, useDemoCheckout } from "../features/billing/api/demo-billing.ts";
import { ApiError } from "../lib/api.ts";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate, useSearchParams } from "../lib/router.tsx";

function DemoNotice() {
  return (
    <p className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <strong>Demo mode — no real charge.</strong> This is Sage's built-in demo billing: no card is
      needed and nothing is charged. Paying switches your account to the plan so you can try it.
    </p>
  );
}

/** The demo provider's checkout page: plan, price, Pay and Cancel. */
export default function DemoCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const session = useDemoCheckout(sessionId, status === "signedIn");
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    if (!sessionId) return;
    setPaying(true);
    setError(null);
    try {
      const { redirectUrl } = await completeDemoCheckout(sessionId);
      navigate(redirectUrl, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "An unexpected error occurred");
      setPaying(false);
    }
  }

  let body: React.ReactNode;
  if (!sessionId) {
    body = <p role="alert">No payment session found</p>;
  } else if (status === "signedOut") {
    body = (
      <>
        <p role="alert">User not authenticated</p>
        <Button className="mt-4" onClick={() => void signIn()}>
          Sign In
        </Button>
      </>
    );
  } else if (session.isError) {
    const message =
      session.error instanceof ApiError ? session.error.message : "Failed to load the checkout";
    body = <p role="alert">{message}</p>;
  } else if (!session.data) {
    body = <p role="status">Loading checkout…</p>;
  } else {
    const s = session.data;
    body = (
      <>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-stone-200 bg-white p-5">
          <dt className="text-stone-600">Plan</dt>
          <dd className="font-semibold">{s.planName}</dd>
          <dt className="text-stone-600">Price</dt>
          <dd className="font-semibold">{formatPrice(s)}</dd>
          <dt className="text-stone-600">Billed</dt>
          <dd>Monthly, cancel anytime</dd>
        </dl>
        {error && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {s.status === "open" && (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button className="flex-1" onClick={() => void pay()} disabled={paying}>
              {paying ? "Paying…" : `Pay $${s.price}.00`}
            </Button>
            <Link to="/cancel" replace className={buttonClass("secondary", "flex-1")}>
              Cancel
            </Link>
          </div>
        )}
        {s.status === "complete" && (
          <div className="mt-6">
            <p>This checkout is already paid.</p>
            <Link
              to={`/success?session_id=${encodeURIComponent(s.id)}`}
              replace
              className={buttonClass("primary", "mt-4")}
            >
              Continue
            </Link>
          </div>
        )}
        {s.status === "expired" && (
          <div className="mt-6">
            <p role="alert">This checkout session has expired. Nothing was charged.</p>
            <Link to="/" state={{ showPricing: true }} className={buttonClass("primary", "mt-4")}>
              Choose a plan
            </Link>
          </div>
        )}
      </>
    );
  }

  return (
    <PageShell>
      <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
        <h1 className="text-2xl font-bold">Checkout</h1>
        <DemoNotice />
        <div>{body}</div>
      </section>
    </PageShell>
  );
}
