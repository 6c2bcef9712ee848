import { type ReactNode, useEffect } from "react";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate } from "../lib/router.tsx";

const back =
  "rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100";

/**
 * A signed-in settings-like page (How you work, Your fitness program): the way back to the
 * chat and the calendar, a title, and its content once the session is known. Signed out,
 * it goes home.
 */
export function SignedInPage(props: { title: string; lead: string; children: ReactNode }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true });
  }, [status, navigate]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 bg-white px-4 py-2.5">
        <Link to="/chat" className={back}>
          ← Chat
        </Link>
        <Link to="/calendar" className={back}>
          Calendar
        </Link>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="text-2xl font-bold text-stone-900">{props.title}</h1>
        <p className="mt-1 text-stone-700">{props.lead}</p>
        {status === "signedIn" ? (
          props.children
        ) : (
          <p role="status" className="mt-6 text-stone-700">
            Loading…
          </p>
        )}
      </main>
    </div>
  );
}
