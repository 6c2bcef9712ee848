import type { VerifyPaymentResponse } from "../../../../core/contract/billing.ts";
import { ApiError } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";

export type VerifyOutcome =
  | { ok: true; subscription: VerifyPaymentResponse["subscription"] }
  | { ok: false; error: string };

/** The payment page's verification with the spec's texts (§8 'Payment page'). */
export async function verifyPayment(sessionId: string): Promise<VerifyOutcome> {
  try {
    const res = await call("verifyPayment", { body: { sessionId } });
    if (!res.success) return { ok: false, error: res.error || "Payment verification failed" };
    return { ok: true, subscription: res.subscription };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401) {
        return {
          ok: false,
          error:
            err.message === "User not authenticated"
              ? err.message
              : "User session expired. Please sign in again.",
        };
      }
      return { ok: false, error: err.message || "Payment verification failed" };
    }
    return { ok: false, error: "Failed to verify payment" };
  }
}
