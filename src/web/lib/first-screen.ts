/** Phones up to this width open on Today after sign-in; wider screens keep /chat. */
export const PHONE_MAX_WIDTH = 640;

/**
 * Where a sign-in with no flow of its own lands: Today on a phone (the day at a glance is
 * what a phone is opened for), nothing special elsewhere (the default /chat).
 */
export function firstScreenAfterSignIn(): string | undefined {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return undefined;
  return window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches ? "/today" : undefined;
}
