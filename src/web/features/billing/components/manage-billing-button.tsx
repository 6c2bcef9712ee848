import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BillingMode } from "../../../../core/contract/billing.ts";
import { hasBillingAccount, profileKey, usageKey, useProfile } from "../api/billing-queries.ts";
import { openBillingPortal } from "../api/checkout.ts";

/**
 * Opens the billing portal (Stripe's, or the local demo portal) in a new tab. Failures show
 * next to the button, or go to `onError` when the screen has its own error banner.
 */
export function ManageBillingButton({
  className = "",
  returnUrl,
  onError,
}: {
  className?: string;
  returnUrl?: string;
  onError?: (message: string | null) => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = onError ?? setError;
  const queryClient = useQueryClient();
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          report(null);
          try {
            await openBillingPortal(returnUrl ?? window.location.href);
            // the portal runs in another tab: coming back here, show what changed there
            window.addEventListener(
              "focus",
              () => {
                void queryClient.invalidateQueries({ queryKey: usageKey });
                void queryClient.invalidateQueries({ queryKey: profileKey });
              },
              { once: true },
            );
          } catch (err) {
            report((err as Error).message);
          } finally {
            setPending(false);
          }
        }}
        className={
          className ||
          "rounded-xl border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:text-stone-500"
        }
      >
        {pending ? "Opening billing…" : "Manage Billing"}
      </button>
      {!onError && error && (
        <p role="alert" className="w-full rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}

/** Manage Billing, shown only to someone the billing portal has something for. */
export function ManageBillingIfAny({
  billing,
  ...props
}: Parameters<typeof ManageBillingButton>[0] & { billing: BillingMode | undefined }) {
  const profile = useProfile();
  if (!hasBillingAccount(profile.data, billing)) return null;
  return <ManageBillingButton {...props} />;
}
