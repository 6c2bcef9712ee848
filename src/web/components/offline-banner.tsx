import { useOnline } from "../lib/use-online.ts";

/**
 * The app-wide 'you're offline' line (role=status). The polite live region around it is
 * always there, so its arrival is announced; the status itself exists only while offline
 * (a page's own status messages stay the only ones when online); the banner itself takes --offline-banner-height (styles.css) off full-height
 * screens, so nothing is pushed below the fold.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div aria-live="polite">
      {!online && (
        <p
          id="offline-banner"
          role="status"
          className="flex h-10 items-center justify-center bg-stone-800 px-3 text-center text-sm font-medium text-white"
        >
          You're offline — showing what Sage last loaded.
        </p>
      )}
    </div>
  );
}
