import { ApiError } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";

/**
 * Starts a checkout for a plan's price id and sends the browser to the provider's page.
 * Throws an Error whose message is the spec's text for the failure.
 */
export async function startCheckout(priceId: string): Promise<void> {
  let url: string;
  try {
    ({ url } = await call("createCheckout", { body: { priceId } }));
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401 && err.message !== "User not authenticated") {
        throw new Error("User session expired. Please sign in again.");
      }
      throw new Error(err.message || "Failed to start checkout process");
    }
    throw new Error("An unexpected error occurred");
  }
  window.location.assign(url);
}

/**
 * Opens the billing portal in a new tab. The tab is opened synchronously, inside the click,
 * so pop-up blockers allow it; it is pointed at the portal once the server answers, and
 * closed again on failure (the error is thrown for the caller to show).
 */
export async function openBillingPortal(returnUrl: string): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const { url } = await call("createPortal", { body: { returnUrl } });
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (err) {
    tab?.close();
    if (err instanceof ApiError) throw new Error(err.message || "Failed to access billing portal");
    throw new Error("Failed to open billing portal");
  }
}
