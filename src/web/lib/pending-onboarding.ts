import { guard, sessionValue } from "./session-value.ts";

/**
 * A quick-setup result finished before sign-in waits here (sessionStorage, this tab only)
 * until the chat can save it for the signed-in user.
 */
export type PendingOnboarding = {
  contextSummary: string;
  domain: string;
  responses: Record<string, string>;
};

const isPendingOnboarding = (v: unknown): v is PendingOnboarding => {
  const o = v as Partial<PendingOnboarding> | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.contextSummary === "string" &&
    typeof o.domain === "string" &&
    typeof o.responses === "object" &&
    o.responses !== null &&
    Object.values(o.responses).every((answer) => typeof answer === "string")
  );
};

// storage blocked: the visitor signs in and starts the chat without it
const pending = sessionValue("sage:pending-onboarding", guard(isPendingOnboarding));

export function savePendingOnboarding(value: PendingOnboarding): void {
  pending.write(value);
}

/** Returns the pending result once, and forgets it. */
export function takePendingOnboarding(): PendingOnboarding | undefined {
  return pending.take() ?? undefined;
}
