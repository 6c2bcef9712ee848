import { replaceChannel, syncAfterNotification } from "./push-channels.ts";
import type { SyncDeps } from "./sync-deps.ts";

/** The lifecycle events Graph sends about a subscription ("Reduce missing subscriptions"). */
export const LIFECYCLE_EVENTS = [
  "reauthorizationRequired",
  "subscriptionRemoved",
  "missed",
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/**
 * What Sage does about one checked lifecycle notification (decision 041):
 * - `reauthorizationRequired`: Graph will stop notifying unless the subscription is renewed
 *   with a valid token; Sage replaces it (a new subscription under a fresh token, the old one
 *   deleted) — the same path as the periodic renewal, now rather than a day before expiry;
 * - `subscriptionRemoved`: Graph dropped it; a new one is created on the same calendar;
 * - `missed`: some change notifications were not delivered; the connection is synced, which
 *   reads every change since its stored deltaLink whatever was missed (Graph's advice:
 *   resynchronise with delta query), coalesced and leased like any notification.
 * Never throws (replaceChannel and syncAfterNotification log their own failures).
 */
export async function answerLifecycleEvent(
  deps: SyncDeps,
  channel: { id: string; connectionId: string },
  event: LifecycleEvent,
): Promise<void> {
  if (event === "missed") return syncAfterNotification(deps, channel.connectionId);
  await replaceChannel(deps, channel.id);
}
