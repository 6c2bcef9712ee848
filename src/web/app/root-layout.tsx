import { Component, type ReactNode, useEffect } from "react";
import { OfflineBanner } from "../components/offline-banner.tsx";
import { AuthProvider } from "../features/auth/auth-provider.tsx";
import { CalendarQueueReplay } from "../features/calendar/components/calendar-queue-replay.tsx";
import { useAuth } from "../lib/auth-context.ts";
import { useLocation, useNavigationType } from "../lib/router.tsx";

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <OfflineBanner />
      <RouteErrorBoundary>{children}</RouteErrorBoundary>
      <ScrollToTop />
      <SignedInWork />
    </AuthProvider>
  );
}

/** What runs for a signed-in user on every page: offline calendar changes are sent. */
function SignedInWork() {
  const { status, user } = useAuth();
  if (status !== "signedIn" || !user) return null;
  return <CalendarQueueReplay userId={user.id} />;
}

/** A new page starts at its top; back and forward keep the browser's own restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what triggers the scroll
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * A page whose code could not load (offline before it was ever cached, or a deploy removed
 * the old chunks while this tab was open) offers a reload instead of a blank screen.
 */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error("page failed to load", error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6">
        <p role="alert" className="text-center text-stone-800">
          This page could not be loaded. Check your connection and try again.
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-sage-700 px-4 py-2 font-medium text-white hover:bg-sage-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sage-700"
        >
          Reload
        </button>
      </main>
    );
  }
}

export function RouteLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <span className="text-stone-600">Loading…</span>
    </div>
  );
}
