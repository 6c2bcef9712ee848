import { useEffect } from "react";
import { SavedProgram } from "../features/fitness/components/saved-program.tsx";
import { useAuth } from "../lib/auth-context.ts";
import { Link, useNavigate } from "../lib/router.tsx";

/** /fitness/program: the fitness program the person saved, and "Add to my calendar". */
export default function FitnessProgramPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true });
  }, [status, navigate]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 bg-white px-4 py-2.5">
        <Link
          to="/chat"
          className="rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          ← Chat
        </Link>
        <Link
          to="/calendar"
          className="rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          Calendar
        </Link>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="text-2xl font-bold text-stone-900">Your fitness program</h1>
        <p className="mt-1 text-stone-700">The program you saved, and its place in your week.</p>
        <div className="mt-6">
          {status === "signedIn" ? (
            <SavedProgram />
          ) : (
            <p role="status" className="text-stone-700">
              Loading…
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
