/**
 * The person's locale as their browser reports it, for times and dates written on screen
 * ("8 AM" in the US, "08:00" in Germany); undefined where there is no browser (prerender).
 */
export function userLocale(): string | undefined {
  return typeof navigator === "undefined" ? undefined : navigator.language || undefined;
}
