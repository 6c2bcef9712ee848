import { useState } from "react";
import { requiredTierForArea, type Tier, tierLabel } from "../../../../core/plans.ts";
import { SAGE_IDS, type SageId } from "../../../../core/votes/candidates.ts";
import { useUpvote, useVotes } from "../api/use-votes.ts";
import { useSessionVotes } from "../hooks/use-session-votes.ts";

const CANDIDATES: Record<SageId, { name: string; blurb: string }> = {
  fitness: { name: "Fitness Sage", blurb: "Training that fits your week and your body." },
  goals: { name: "Goals Sage", blurb: "Big goals broken into small weekly steps." },
  career: { name: "Career Sage", blurb: "Job moves, interviews and growing at work." },
  relationships: {
    name: "Relationships Sage",
    blurb: "Time for the people who matter, and the hard talks.",
  },
  nutrition: { name: "Nutrition Sage", blurb: "Simple meals and shopping that fit real life." },
  travel: { name: "Travel Sage", blurb: "Trips planned around your budget and pace." },
  writing: { name: "Writing Sage", blurb: "From blank page to finished draft." },
  learning: { name: "Learning Sage", blurb: "Practice plans that make new skills stick." },
  creative: { name: "Creative Sage", blurb: "Protected time for the projects you love." },
};

/** "fitness and goals", "career, relationships and travel". */
function listNames(ids: readonly SageId[]): string {
  const names = ids.map((id) => id.charAt(0).toUpperCase() + id.slice(1));
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const PLAN_PHRASE: Record<Tier, string> = {
  free: "on the Free plan",
  starter: "from Starter",
  pro: "on Pro",
};

/**
 * Where each candidate stands today, from the plan table: every one already has a simpler
 * chat assistant in some plan, so the vote is for which grows into a full Sage next.
 */
export function availabilitySentence(): string {
  const parts = (["free", "starter", "pro"] as const)
    .map((tier) => ({ tier, ids: SAGE_IDS.filter((id) => requiredTierForArea(id) === tier) }))
    .filter((group) => group.ids.length > 0)
    .map((group) => `${listNames(group.ids).toLowerCase()} ${PLAN_PHRASE[group.tier]}`);
  const list =
    parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join("; ")}; ${parts.at(-1)}`;
  return `Each area below already has a simpler assistant you can set up in the chat: ${list}.`;
}

export function VoteSection() {
  const { data } = useVotes();
  const upvote = useUpvote();
  const { hasVoted, markVoted, unmarkVoted } = useSessionVotes();
  const [unsaved, setUnsaved] = useState<SageId | null>(null);

  const vote = async (sageId: SageId) => {
    if (hasVoted(sageId)) return; // once per session per assistant
    markVoted(sageId);
    setUnsaved(null);
    if (await upvote.mutate(sageId)) return;
    unmarkVoted(sageId); // never counted: the person may vote again
    setUnsaved(sageId);
  };

  return (
    <section aria-labelledby="vote-heading" className="bg-white px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="vote-heading" className="text-3xl font-bold tracking-tight text-stone-900">
          Vote for the next Sage
        </h2>
        <p className="mt-3 max-w-2xl text-stone-700">
          Calendar Sage is live. {availabilitySentence()} Upvote the ones you want grown into a full
          Sage, with its own guided setup like Calendar Sage's, and we'll build the most wanted
          first.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SAGE_IDS.map((id) => {
            const { name, blurb } = CANDIDATES[id];
            const voted = hasVoted(id);
            const count = data?.votes[id];
            return (
              <li
                key={id}
                className="flex flex-col justify-between gap-4 rounded-2xl border border-stone-200 bg-stone-50 p-5"
              >
                <div>
                  <h3 className="font-semibold text-stone-900">{name}</h3>
                  <p className="mt-1 text-xs font-medium text-stone-700">
                    Assistant today: {tierLabel(requiredTierForArea(id))} plan
                  </p>
                  <p className="mt-1 text-sm text-stone-700">{blurb}</p>
                </div>
                <div className="flex items-center justify-between gap-3">
                  <span className="text-sm text-stone-700" data-testid={`votes-${id}`}>
                    {count === undefined ? "" : `${count} ${count === 1 ? "vote" : "votes"}`}
                  </span>
                  <button
                    type="button"
                    onClick={() => void vote(id)}
                    disabled={voted}
                    aria-label={voted ? `Voted for ${name}` : `Upvote ${name}`}
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-sage-700 px-4 text-sm font-semibold text-sage-800 hover:bg-sage-50 disabled:cursor-not-allowed disabled:border-stone-300 disabled:bg-stone-100 disabled:text-stone-700"
                  >
                    <span aria-hidden="true">{voted ? "✓" : "▲"}</span>
                    {voted ? "Voted" : "Upvote"}
                  </button>
                </div>
                {unsaved === id && (
                  <p role="alert" className="text-sm text-red-800">
                    {navigator.onLine
                      ? "Your vote wasn't saved. Please try again."
                      : "You're offline, so your vote wasn't saved. Vote again when you're back online."}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
