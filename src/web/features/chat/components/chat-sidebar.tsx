import type { ReactNode } from "react";
import type { ConversationSummary } from "../../../../core/contract/chat.ts";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import {
  isLifeArea,
  planFor,
  requiredTierForArea,
  type Tier,
  tierIncludesArea,
} from "../../../../core/plans.ts";
import { PRODUCTIVITY_QUESTION_COUNT } from "../../../../core/question-counts.ts";
import { LogoMark } from "../../../components/logo.tsx";
import { dateLabel } from "../../../lib/date-label.ts";
import { Link } from "../../../lib/router.tsx";
import type { Assistant } from "../api/queries.ts";
import { UsageIndicator } from "./usage-indicator.tsx";

/** The plan an assistant's life area needs, when the user's plan does not include it. */
function lockedBy(domain: string, tier: Tier | undefined): string | undefined {
  if (!tier || !isLifeArea(domain) || tierIncludesArea(tier, domain)) return undefined;
  return planFor(requiredTierForArea(domain)).name;
}

type Props = {
  usage: UsageResponse | undefined;
  /** Set when `usage` is only the device's copy from when last seen online. */
  usageLastSeen?: { at: Date | undefined } | undefined;
  /** undefined: not known yet (loading, offline, or the request failed) — never "none". */
  assistants: Assistant[] | undefined;
  conversations: ConversationSummary[] | undefined;
  online: boolean;
  /** Which lists failed to load (after the query client's own retries). */
  failed: { assistants: boolean; conversations: boolean };
  onRetryLoad: () => void;
  selectedAssistantId: string | undefined;
  activeConversationId: string | undefined;
  /** The calendar's glance (its agenda), drawn under the Calendar and Today entries. */
  agenda?: ReactNode;
  onProfile: () => void;
  onSignOut: () => void;
  onUpgrade: () => void;
  onSelectAssistant: (a: Assistant) => void;
  onNew: () => void;
  onOpenConversation: (id: string) => void;
  email: string;
};

const item =
  "flex w-full flex-col items-start rounded-xl px-3 py-2 text-left text-sm hover:bg-sage-50 aria-[current=true]:bg-sage-100";

const entry =
  "flex-1 rounded-xl border border-stone-300 px-3 py-2 text-sm font-semibold hover:bg-stone-100";

export function ChatSidebar(p: Props) {
  const exhausted = p.usage !== undefined && !p.usage.canUse;
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-4">
      <div>
        <Link
          to="/"
          state={{ fromChat: true }}
          className="inline-flex items-center gap-2 rounded-lg text-lg font-bold text-sage-800"
          aria-label="Sage home"
        >
          <LogoMark />
          Sage
        </Link>
        <p className="mt-1 truncate text-sm text-stone-600" title={p.email}>
          {p.email}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={p.onProfile}
          className="flex-1 rounded-xl border border-stone-300 px-3 py-2 text-sm font-semibold hover:bg-stone-100"
        >
          Profile
        </button>
        <button
          type="button"
          onClick={p.onSignOut}
          className="flex-1 rounded-xl border border-stone-300 px-3 py-2 text-sm font-semibold hover:bg-stone-100"
        >
          Sign Out
        </button>
      </div>
      {p.usage && (
        <UsageIndicator usage={p.usage} lastSeen={p.usageLastSeen} onUpgrade={p.onUpgrade} />
      )}
      {exhausted && (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">Usage Limit Reached</p>
          <p className="mt-1">
            You've reached your free message limit. Upgrade to continue chatting.
          </p>
          <button
            type="button"
            onClick={p.onUpgrade}
            className="mt-2 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
          >
            Upgrade now
          </button>
        </div>
      )}
      <section aria-labelledby="assistants-heading">
        <div className="flex items-center justify-between">
          <h2
            id="assistants-heading"
            className="text-xs font-bold uppercase tracking-wide text-stone-600"
          >
            Your Assistants
          </h2>
          <button
            type="button"
            onClick={p.onNew}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-sage-700 hover:bg-sage-50"
            aria-label="New chat"
          >
            + New
          </button>
        </div>
        <ul className="mt-2 flex flex-col gap-1">
          {p.assistants?.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className={item}
                aria-current={a.id === p.selectedAssistantId}
                onClick={() => p.onSelectAssistant(a)}
              >
                <span className="font-semibold capitalize">{a.domain} assistant</span>
                <span className="text-xs text-stone-600">
                  {lockedBy(a.domain, p.usage?.tier)
                    ? `Locked: part of the ${lockedBy(a.domain, p.usage?.tier)} plan`
                    : `Your personalized ${a.domain} expert`}
                </span>
              </button>
              {a.domain === "fitness" ? (
                // the saved program, reachable again (issue 29)
                <Link
                  to="/fitness/program"
                  className="ml-3 inline-block rounded px-1 py-1 text-xs font-semibold text-sage-800 underline"
                >
                  Your fitness program
                </Link>
              ) : null}
            </li>
          ))}
          {p.assistants === undefined && (
            <NotLoaded online={p.online} failed={p.failed.assistants} onRetry={p.onRetryLoad} />
          )}
          {p.assistants?.length === 0 && (
            <li className="px-3 text-xs text-stone-600">
              <Link to="/productivity" className="font-semibold text-sage-700 underline">
                Answer {PRODUCTIVITY_QUESTION_COUNT} questions
              </Link>{" "}
              to get an assistant that knows how you work.
            </li>
          )}
        </ul>
      </section>
      {/* one way to the calendar: /calendar is the calendar (decision 035) */}
      <nav aria-label="Calendar" className="flex gap-2">
        <Link to="/calendar" className={entry}>
          Calendar
        </Link>
        <Link to="/today" className={entry}>
          Today
        </Link>
      </nav>
      {/* what Sage plans with, and the links others book through: reachable on a phone too */}
      <nav aria-label="Planning" className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 px-1 text-sm">
        <Link to="/how-you-work" className="font-semibold text-sage-800 hover:underline">
          How you work
        </Link>
        <Link to="/booking-links" className="font-semibold text-sage-800 hover:underline">
          Booking links
        </Link>
      </nav>
      {p.agenda}
      <section aria-labelledby="recent-heading" className="min-h-0">
        <h2
          id="recent-heading"
          className="text-xs font-bold uppercase tracking-wide text-stone-600"
        >
          Recent Chats
        </h2>
        <ul className="mt-2 flex flex-col gap-1">
          {p.conversations === undefined && (
            <NotLoaded online={p.online} failed={p.failed.conversations} onRetry={p.onRetryLoad} />
          )}
          {p.conversations?.length === 0 && (
            <li className="px-3 text-sm text-stone-600">No conversations yet</li>
          )}
          {p.conversations?.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={item}
                aria-current={c.id === p.activeConversationId}
                onClick={() => p.onOpenConversation(c.id)}
              >
                <span className="line-clamp-2 font-medium">{c.title}</span>
                <span className="text-xs text-stone-600">
                  {dateLabel(new Date(c.created_at), {})}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * A list the server has not given yet. Offline it says when it will show; online it is
 * loading, or failed and offers to ask again (the query client has already retried).
 */
function NotLoaded(p: { online: boolean; failed: boolean; onRetry: () => void }) {
  if (!p.online) {
    return <li className="px-3 text-xs text-stone-600">Shows when you're back online.</li>;
  }
  if (!p.failed) return <li className="px-3 text-xs text-stone-600">Loading…</li>;
  return (
    <li className="px-3 text-xs text-stone-600">
      Could not load.{" "}
      <button type="button" onClick={p.onRetry} className="font-semibold text-sage-700 underline">
        Try again
      </button>
    </li>
  );
}
