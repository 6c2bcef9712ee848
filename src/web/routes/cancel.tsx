import { buttonClass } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { Link } from "../lib/router.tsx";

export const SUPPORT_EMAIL = "support@sage.app";

export default function CancelPage() {
  return (
    <PageShell>
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Payment Cancelled</h1>
        <p className="mt-3 text-stone-700">
          No worries! Your payment was cancelled and no charges were made.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" state={{ showPricing: true }} className={buttonClass("primary")}>
            Try Again
          </Link>
          <Link to="/" state={{ fromChat: true }} className={buttonClass("secondary")}>
            Back to Home
          </Link>
        </div>
        <p className="mt-6 text-sm text-stone-600">
          Questions?{" "}
          <a className="font-semibold text-sage-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
            Contact support
          </a>
        </p>
      </section>
    </PageShell>
  );
}
