/**
 * A prerendered page (the public pages, src/web/prerender) is on screen before any of the
 * app's code has loaded: links work as plain links, but a button does nothing until React has
 * hydrated it, so a tap on a slow phone was lost (and a submit button posted its form natively).
 * The page's boot module (scripts/prerender-landing.mjs) runs HOLD_EARLY_TAPS first: it holds
 * the last tap on a button inside #root, out of React's sight; once the route's page has been
 * hydrated, `releaseEarlyTaps` ends the hold and taps the button again (app/router.tsx).
 *
 * Held until the page itself is hydrated, not the root: React hydrates the route's Suspense
 * boundary after the root commits, and a tap on a part not yet hydrated was dropped. Plain
 * JavaScript in a string because it runs before the app's code: it keeps its state on the root
 * element. Only the last tap is kept: two impatient taps on a toggle mean one.
 */
export const HOLD_EARLY_TAPS =
  'const r=document.getElementById("root");if(r){const h=e=>{const b=e.target instanceof Element?e.target.closest("button"):null;if(b&&!b.disabled&&r.contains(b)){e.preventDefault();e.stopImmediatePropagation();r.heldTap=b}};r.addEventListener("click",h,true);r.stopHoldingTaps=()=>r.removeEventListener("click",h,true)}';

type Holding = HTMLElement & { heldTap?: HTMLButtonElement; stopHoldingTaps?: () => void };

/**
 * Ends the hold HOLD_EARLY_TAPS began on `root` (from now on React answers taps) and taps the
 * held button again, if it is still on the page and enabled. Nothing to do on a page that was
 * not prerendered, or the second time.
 */
export function releaseEarlyTaps(root: HTMLElement | null): void {
  if (!root) return;
  const holding = root as Holding;
  holding.stopHoldingTaps?.();
  delete holding.stopHoldingTaps;
  const button = holding.heldTap;
  delete holding.heldTap;
  if (button?.isConnected && !button.disabled) button.click();
}
