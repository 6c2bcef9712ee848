import { useState } from "react";
import type { ActionCard, ActionItem } from "../../../../core/contract/assistant-actions.ts";
import { ApiError } from "../../../lib/api.ts";
import { shortDayLabel, timeLabel } from "../../../lib/date-label.ts";
import { acceptAction, undoAction } from "../api/undo-action.ts";

const VERB: Record<ActionCard["kind"], string> = {
  created: "Added",
  moved: "Moved",
  cancelled: "Cancelled",
  planned: "Planned",
  tasks_added: "Added to your tasks",
  task_done: "Marked done",
  checked_in: "Checked in",
  proposed: "Proposed — nothing written yet",
  routine_proposed: "Add this routine?",
  routine_added: "Routine added",
  routine_skipped: "Skipped",
  routine_changed: "Routine changed",
};

/** In the browser's locale and zone — the same way the calendar writes times. */
const day = (iso: string) => shortDayLabel(new Date(iso), {});
const time = (iso: string) => timeLabel(new Date(iso), {});
/** "Mon, Nov 30, 9:00 AM – 3:00 PM"; an end on another day names its day too. */
const span = (start: string, end: string | null) =>
  `${day(start)}, ${time(start)}${
    end ? ` – ${day(end) === day(start) ? "" : `${day(end)}, `}${time(end)}` : ""
  }`;

function Item({ item, kind }: { item: ActionItem; kind: ActionCard["kind"] }) {
  // a proposal's item says what it would do ("Add", "Cancel") before its title
  const verb = kind === "proposed" && item.why ? `${item.why}: ` : "";
  const when =
    item.start === null
      ? item.end && kind === "tasks_added"
        ? `due ${day(item.end)}`
        : null
      : span(item.start, item.end);
  return (
    <li className="py-1">
      <span className="font-medium text-stone-900">
        {verb}
        {item.title}
      </span>
      {item.before && item.start ? (
        <span className="block text-stone-700">
          <s className="text-stone-500">{span(item.before.start, item.before.end)}</s>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> moved to </span>
          {span(item.start, item.end)}
        </span>
      ) : (
        when && <span className="block text-stone-700">{when}</span>
      )}
      {(item.repeat || (item.why && !verb)) && (
        <span className="block text-stone-600">
          {[item.repeat, verb ? undefined : item.why].filter(Boolean).join(" · ")}
        </span>
      )}
    </li>
  );
}

/**
 * What the assistant understood, written only on Yes: Yes and No send that answer as the
 * person's next message (the server runs the stored proposal, once). Only the newest
 * proposal waits; an answered one says how it was answered.
 */
function Proposal({
  card,
  onAnswer,
}: {
  card: ActionCard;
  onAnswer?: ((text: "Yes" | "No") => void) | undefined;
}) {
  const waiting = card.pending === true && !card.answer && onAnswer;
  // an older proposal's answer is known once the conversation is read again
  const answered =
    card.answer === "yes" ? " — you said yes" : card.answer === "no" ? " — you said no" : "";
  const heading = waiting ? VERB.proposed : `Proposal${answered}`;
  return (
    <section
      aria-label={heading}
      className={`mt-3 rounded-xl border px-3 py-2 text-sm ${waiting ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-stone-50"}`}
    >
      <h3 className="font-semibold text-stone-900">{heading}</h3>
      <ul>
        {card.items.slice(0, 12).map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored card's items never reorder
          <Item key={i} item={item} kind={card.kind} />
        ))}
      </ul>
      {waiting && (
        <div className="mt-2 flex gap-2">
          <button
            type="button"
            onClick={() => onAnswer("Yes")}
            className="min-h-9 rounded-lg bg-sage-700 px-4 font-semibold text-white hover:bg-sage-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sage-700"
          >
            Yes
          </button>
          <button
            type="button"
            onClick={() => onAnswer("No")}
            className="min-h-9 rounded-lg border border-stone-300 bg-white px-4 font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-sage-700"
          >
            No
          </button>
        </div>
      )}
    </section>
  );
}

function Card({ card, onChanged }: { card: ActionCard; onChanged: (card: ActionCard) => void }) {
  const [state, setState] = useState<"idle" | "working" | { error: string }>("idle");
  const undo = async () => {
    setState("working");
    try {
      const res = await undoAction(card.id);
      onChanged(res.card);
      setState("idle");
    } catch (err) {
      // changed since (a re-plan, the person): the card becomes history, not an error
      if (err instanceof ApiError && err.status === 409) {
        onChanged({ ...card, changedSince: true });
        setState("idle");
        return;
      }
      setState({ error: err instanceof Error ? err.message : "Undo failed. Please try again." });
    }
  };
  const accept = async () => {
    setState("working");
    try {
      onChanged((await acceptAction(card.id)).card);
      setState("idle");
    } catch (err) {
      setState({
        error: err instanceof Error ? err.message : "It couldn't be added. Please try again.",
      });
    }
  };
  const proposal = card.kind === "routine_proposed";
  const history = card.changedSince && !card.undone;
  const heading = `${VERB[card.kind]}${card.items.length > 1 ? ` · ${card.items.length}` : ""}`;
  return (
    <section
      aria-label={heading}
      className={`mt-3 rounded-xl border px-3 py-2 text-sm ${card.undone ? "border-stone-200 bg-stone-50" : "border-sage-200 bg-sage-50"}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className={`font-semibold ${card.undone ? "text-stone-600" : "text-sage-900"}`}>
          {card.undone ? (proposal ? "Routine not added" : `${heading} — undone`) : heading}
        </h3>
        {proposal && !card.undone && (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={accept}
              disabled={state === "working"}
              className="min-h-9 rounded-lg bg-sage-700 px-3 font-medium text-white hover:bg-sage-800 focus-visible:outline-2 focus-visible:outline-sage-700 disabled:opacity-60"
            >
              {state === "working" ? "Adding…" : "Yes, add it"}
            </button>
            <button
              type="button"
              onClick={undo}
              disabled={state === "working"}
              className="min-h-9 rounded-lg border border-stone-300 bg-white px-3 font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-sage-700 disabled:opacity-60"
            >
              No
            </button>
          </div>
        )}
        {!proposal && !card.undone && !history && (
          <button
            type="button"
            onClick={undo}
            disabled={state === "working"}
            className="min-h-9 rounded-lg border border-stone-300 bg-white px-3 font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-sage-700 disabled:opacity-60"
          >
            {state === "working" ? "Undoing…" : "Undo"}
          </button>
        )}
      </div>
      <ul className={card.undone ? "line-through decoration-stone-400" : undefined}>
        {card.items.slice(0, 12).map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored card's items never reorder
          <Item key={i} item={item} kind={card.kind} />
        ))}
        {card.items.length > 12 && (
          <li className="py-1 text-stone-600">…and {card.items.length - 12} more</li>
        )}
      </ul>
      {history && (
        <p className="mt-1 text-stone-700">
          Changed since — these were the times then; your calendar shows where things are now.
        </p>
      )}
      {card.conflicts.length > 0 && !card.undone && !history && (
        <p className="mt-1 rounded-lg bg-amber-50 px-2 py-1 text-amber-900 ring-1 ring-amber-200">
          <span aria-hidden="true">⚠ </span>
          Overlaps {card.conflicts.map((c) => `“${c.title}” (${span(c.start, c.end)})`).join(", ")}
        </p>
      )}
      {typeof state === "object" && (
        <p role="alert" className="mt-1 text-red-800">
          {state.error}
        </p>
      )}
    </section>
  );
}

/**
 * The changes a reply made, each with Undo; the calendar updates as soon as one is undone.
 * A proposal instead asks Yes or No (`onAnswer`, given only for the newest reply).
 */
export function ActionCards({
  cards,
  onChanged,
  onAnswer,
}: {
  cards: ActionCard[];
  onChanged: (card: ActionCard) => void;
  onAnswer?: ((text: "Yes" | "No") => void) | undefined;
}) {
  return (
    <>
      {cards.map((card) =>
        card.kind === "proposed" ? (
          <Proposal key={card.id} card={card} onAnswer={onAnswer} />
        ) : (
          <Card key={card.id} card={card} onChanged={onChanged} />
        ),
      )}
    </>
  );
}
