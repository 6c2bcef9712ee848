/**
 * A quick-setup result finished before sign-in waits here (sessionStorage, this tab only)
 * until the chat can save it for the signed-in user.
 */
const KEY = "sage:pending-onboarding";

export type PendingOnboarding = {
  contextSummary: string;
  domain: string;
  responses: Record<string, string>;
};

export function savePendingOnboarding(value: PendingOnboarding): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage blocked: the visitor signs in and starts the chat without it
  }
}

/** Returns the pending result once, and forgets it. */
export function takePendingOnboarding(): PendingOnboarding | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    const value = raw ? (JSON.parse(raw) as PendingOnboarding) : undefined;
    return value && typeof value.domain === "string" && value.responses ? value : undefined;
  } catch {
    return undefined;
  }
}
