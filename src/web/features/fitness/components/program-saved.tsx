import { useEffect, useRef } from "react";
import { Button, buttonClass } from "../../../components/button.tsx";
import { Link } from "../../../lib/router.tsx";
import { FULL_PROGRAM_UPGRADE } from "./program-preview.tsx";

/** Complete: the saved confirmation, the upgrade and the way back to the preview. */
export function ProgramSaved({
  full,
  onUpgrade,
  onContinue,
}: {
  /** The saved program is the whole progression (the plan includes it). */
  full: boolean;
  onUpgrade: () => void;
  onContinue: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full bg-sage-100 text-3xl text-sage-800"
      >
        ✓
      </div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 text-3xl font-bold text-stone-900 outline-none"
      >
        Your program is saved!
      </h1>
      <p className="mt-3 text-stone-700">
        {full
          ? "Your whole program is saved to your account, and week 1 is ready to start."
          : "Your fitness program is saved to your account, and your first week is ready to start."}
      </p>
      <Link to="/fitness/program" className={buttonClass("primary", "mt-8")}>
        See your program and add it to your calendar
      </Link>
      {!full && (
        <Button className="mt-4" variant="secondary" onClick={onUpgrade}>
          {FULL_PROGRAM_UPGRADE}
        </Button>
      )}
      <button
        type="button"
        onClick={onContinue}
        className="mt-4 rounded text-sm font-semibold text-sage-800 underline underline-offset-2 hover:text-sage-900"
      >
        {full ? "Back to your program" : "Continue with free preview"}
      </button>
    </section>
  );
}
