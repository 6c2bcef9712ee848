import { useAuth } from "../lib/auth-context.ts";
import { firstScreenAfterSignIn } from "../lib/first-screen.ts";
import { Link } from "../lib/router.tsx";
import { Button } from "./button.tsx";
import { LogoMark } from "./logo.tsx";

type Props = {
  /** Resets whatever flow the page has open before going home. */
  onLogoClick?: () => void;
  /** Extra signed-in controls (usage indicator, manage subscription). */
  accountExtras?: React.ReactNode;
  onSignOut?: () => void;
};

export function SiteHeader({ onLogoClick, accountExtras, onSignOut }: Props) {
  const { status, user, signIn, signOut } = useAuth();
  return (
    <header className="border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:gap-3">
        <Link
          to="/"
          state={{ fromChat: true }}
          onClick={onLogoClick}
          className="flex items-center gap-2 rounded-lg text-lg font-bold text-sage-800"
          aria-label="Sage home"
        >
          <LogoMark />
          {/* signed in, a phone's header needs the room for the account controls */}
          <span className={status === "signedIn" ? "max-sm:sr-only" : undefined}>Sage</span>
        </Link>
        <nav aria-label="Account" className="flex flex-wrap items-center gap-1.5 text-sm sm:gap-2">
          {status === "signedIn" && user ? (
            <>
              {accountExtras}
              <span
                className="hidden max-w-[16rem] truncate text-stone-700 sm:inline"
                title={user.email}
              >
                {user.email}
              </span>
              <Button
                variant="secondary"
                // narrower on a phone, so the header keeps one row at 375 px
                className="max-sm:px-3!"
                onClick={async () => {
                  await signOut();
                  onSignOut?.();
                }}
              >
                Sign Out
              </Button>
            </>
          ) : status === "signedOut" ? (
            // a plain sign-in: Today on a phone, the chat elsewhere (flows pass their own page)
            <Button onClick={() => void signIn({ returnTo: firstScreenAfterSignIn() })}>
              Sign In
            </Button>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
