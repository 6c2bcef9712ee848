import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { useAuth } from "../features/auth/auth-context.ts";

const CalendarPanel = lazy(() =>
  import("../features/calendar/components/calendar-panel.tsx").then((m) => ({
    default: m.CalendarPanel,
  })),
);

export default function ChatPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [showCalendar, setShowCalendar] = useState(false);

  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true, state: { fromChat: true } });
  }, [status, navigate]);

  if (status !== "signedIn" || !user) {
    return (
      <div className="flex min-h-screen items-center justify-center" role="status">
        <p className="text-stone-600">Loading your assistant...</p>
      </div>
    );
  }
  return (
    <PageShell header={{ onSignOut: () => navigate("/", { state: { fromChat: true } }) }}>
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Welcome to your calendar AI!</h1>
        <p className="mt-3 text-stone-700">Signed in as {user.email}.</p>
        <Button
          variant="secondary"
          className="mt-6"
          aria-expanded={showCalendar}
          aria-controls="calendar-panel"
          onClick={() => setShowCalendar((v) => !v)}
        >
          Calendar
        </Button>
      </section>
      {showCalendar ? (
        <div id="calendar-panel" className="mx-auto max-w-3xl px-4 pb-16">
          <Suspense fallback={<p role="status">Loading your calendar...</p>}>
            <CalendarPanel userId={user.id} />
          </Suspense>
        </div>
      ) : null}
    </PageShell>
  );
}
