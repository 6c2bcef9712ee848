import { useEffect } from "react";
import { TodayScreen } from "../features/today/components/today-screen.tsx";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate, useSearchParams } from "../lib/router.tsx";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const navLink =
  "rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100";

const moreLink = "font-semibold text-sage-800 underline underline-offset-2";

/** /today[?date=YYYY-MM-DD]: the day at a glance — the first screen after sign-in on a phone. */
export default function TodayPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  // another day by address (?date=YYYY-MM-DD), so it can be bookmarked; today otherwise
  const [params] = useSearchParams();
  const asked = params.get("date");
  const date = asked && DAY.test(asked) ? asked : undefined;
  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true });
  }, [status, navigate]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-2.5">
          <h1 className="flex-1 font-bold text-stone-900">Today</h1>
          <nav aria-label="Screens" className="flex gap-2">
            <Link to="/chat" className={navLink}>
              Chat
            </Link>
            <Link to="/calendar" className={navLink}>
              Calendar
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-4">
        {status === "signedIn" && user ? (
          <TodayScreen userId={user.id} date={date} />
        ) : (
          <p role="status" className="text-stone-700">
            Reading your day…
          </p>
        )}
        {/* what shapes the day, one tap away on a phone (the header keeps to two screens) */}
        <nav aria-label="More" className="mt-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link to="/how-you-work" className={moreLink}>
            How you work
          </Link>
          <Link to="/booking-links" className={moreLink}>
            Booking links
          </Link>
        </nav>
      </main>
    </div>
  );
}
