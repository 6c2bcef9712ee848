import type { PlanNote } from "../../../../core/contract/plan-notes.ts";
import { Link } from "../../../lib/router.tsx";

type Props = {
  notes: PlanNote[];
  online: boolean;
  busy: boolean;
  onDismiss: (note: PlanNote) => void;
  onDrop: (note: PlanNote) => void;
  onUndo: (note: PlanNote) => void;
};

/**
 * Sage's notes about the plan, above the calendar: what happened, what Sage will do, and the
 * person's choices — keep it (dismiss) or drop the task. Never "missed" or "overdue".
 */
export function PlanNotes({ notes, online, busy, onDismiss, onDrop, onUndo }: Props) {
  if (notes.length === 0) return null;
  return (
    <ul aria-label="Notes from Sage" className="divide-y divide-sage-100 bg-sage-50">
      {notes.map((note) => (
        <li
          key={note.id}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-1.5 text-sm text-sage-900"
        >
          {/* a long title breaks anywhere rather than run past a phone's edge */}
          <span className="min-w-0 flex-[1_1_14rem] wrap-anywhere">
            {note.text}
            {note.kind === "learned" && (
              <>
                {" "}
                <Link to="/how-you-work" className="font-medium underline">
                  See what Sage learned
                </Link>
              </>
            )}
          </span>
          <span className="flex shrink-0 gap-1">
            {note.undoable ? (
              <button
                type="button"
                className="rounded-lg px-2 py-1 font-medium hover:bg-sage-100 disabled:opacity-60"
                disabled={!online || busy}
                onClick={() => onUndo(note)}
              >
                Undo
              </button>
            ) : note.taskId && note.kind !== "moved" ? (
              <button
                type="button"
                className="rounded-lg px-2 py-1 font-medium hover:bg-sage-100 disabled:opacity-60"
                disabled={!online || busy}
                onClick={() => onDrop(note)}
              >
                Drop the task
              </button>
            ) : null}
            <button
              type="button"
              className="rounded-lg px-2 py-1 font-medium hover:bg-sage-100 disabled:opacity-60"
              disabled={!online || busy}
              onClick={() => onDismiss(note)}
            >
              OK
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
