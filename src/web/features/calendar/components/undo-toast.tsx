import { useEffect, useState } from "react";

/** What the person just did in the calendar, in words, and how to take it back (when it can be). */
export type Done = { id: number; text: string; undo?: (() => void) | undefined };

/** How long the toast stays, unless the pointer or focus is on it. */
export const TOAST_MS = 8_000;

/**
 * The week view's answer to an add, a move, an edit or a delete: what happened, visibly (the
 * screen-reader line says it too), with Undo where the change can be taken back. It goes after
 * TOAST_MS, or when dismissed; it stays while the pointer or keyboard focus is on it.
 */
export function UndoToast({
  done,
  onUndo,
  onClose,
}: {
  done: Done | null;
  onUndo: (done: Done) => void;
  onClose: () => void;
}) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!done || held) return;
    const t = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(t);
  }, [done, held, onClose]);
  if (!done) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      <section
        aria-label="Last change"
        className="pointer-events-auto flex max-w-md items-center gap-2 rounded-xl bg-stone-900 py-2 pl-4 pr-2 text-sm text-white shadow-lg"
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        <p className="min-w-0 break-words">{done.text}</p>
        {done.undo ? (
          <button
            type="button"
            className="shrink-0 rounded-lg px-3 py-1.5 font-semibold text-sage-200 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white"
            onClick={() => onUndo(done)}
          >
            Undo
          </button>
        ) : null}
        <button
          type="button"
          aria-label="Dismiss"
          className="shrink-0 rounded-lg px-2 py-1.5 text-stone-300 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white"
          onClick={onClose}
        >
          ×
        </button>
      </section>
    </div>
  );
}
