import { useEffect } from "react";
import { CalendarScreen } from "../features/calendar/components/calendar-screen.tsx";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate } from "../lib/router.tsx";

/** /calendar: the week as a screen of its own (loaded on demand: / never pays for it). */
export default function CalendarPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true });
  }, [status, navigate]);

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-stone-50">
      <header className="flex items-center gap-3 border-b border-stone-200 bg-white px-4 py-2.5">
        <Link
          to="/chat"
          className="whitespace-nowrap rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          ← Chat
        </Link>
        {/* on a phone the links need the row; the heading stays for screen readers */}
        <h1 className="sr-only font-bold text-stone-900 sm:not-sr-only">Calendar</h1>
        <Link
          to="/how-you-work"
          className="ml-auto whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm font-semibold text-sage-800 underline-offset-2 hover:underline"
        >
          How you work
        </Link>
        <Link
          to="/booking-links"
          className="hidden whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm font-semibold text-sage-800 underline-offset-2 hover:underline sm:inline-flex"
        >
          Booking links
        </Link>
        <Link
          to="/today"
          className="whitespace-nowrap rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          {/* not "Today": the week's own Today button jumps to this week */}
          Open Today
        </Link>
      </header>
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        {status === "signedIn" && user ? (
          <CalendarScreen userId={user.id} />
        ) : (
          <p role="status" className="p-4 text-stone-700">
            Loading your calendar…
          </p>
        )}
      </main>
    </div>
  );
}
