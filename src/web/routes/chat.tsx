import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import type { UsageResponse } from "../../core/contract/usage.ts";
import type { OnboardingDomain } from "../../core/onboarding/question-sets.ts";
import { isUnlimited } from "../../core/plans.ts";
import { ProfileDialog } from "../features/account/components/profile-dialog.tsx";
import { ManageBillingIfAny } from "../features/billing/components/manage-billing-button.tsx";
import { UsageExceededBanner } from "../features/billing/components/usage-exceeded-banner.tsx";
import { UsagePanel } from "../features/billing/components/usage-panel.tsx";
import { useSyncTimezone } from "../features/calendar/api/use-sync-timezone.ts";
import {
  assistantsKey,
  useAssistants,
  useConversations,
  useUsage,
} from "../features/chat/api/queries.ts";
import { ChatSidebar } from "../features/chat/components/chat-sidebar.tsx";
import { MessageForm } from "../features/chat/components/message-form.tsx";
import { MessageList } from "../features/chat/components/message-list.tsx";
import { type UiMessage, useChatSession } from "../features/chat/hooks/use-chat-session.ts";
import { useModalDrawer } from "../features/chat/hooks/use-modal-drawer.ts";
import { EXAMPLE_REQUESTS } from "../features/chat/lib/example-requests.ts";
import { freeLeftText } from "../features/chat/lib/free-left-text.ts";
import { lastUsageSeenAt } from "../features/chat/lib/last-usage.ts";
import { useAuth } from "../lib/auth-context.ts";
import { call } from "../lib/client.ts";
import { takePendingOnboarding } from "../lib/pending-onboarding.ts";
import { useLocation, useNavigate } from "../lib/router.tsx";
import { useMeta } from "../lib/use-meta.ts";
import { useOnline } from "../lib/use-online.ts";

type ChatRouteState = { contextSummary?: string; domain?: string } | null;

function initialFromContext(state: ChatRouteState): UiMessage[] {
  if (!state?.contextSummary) return [];
  return [
    {
      id: "context",
      role: "assistant",
      content: `Here's what I learned about how you work:\n\n${state.contextSummary}\n\nWhat would you like to plan first?`,
      timestamp: new Date().toISOString(),
    },
  ];
}

const CalendarAgenda = lazy(() =>
  import("../features/calendar/components/calendar-agenda.tsx").then((m) => ({
    default: m.CalendarAgenda,
  })),
);

export default function ChatPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (status === "signedOut") navigate("/", { replace: true, state: { fromChat: true } });
  }, [status, navigate]);

  if (status !== "signedIn" || !user) return <ChatSkeleton />;
  // a navigation to /chat with new state (a finished questionnaire) starts a fresh screen
  return <ChatScreen key={location.key} />;
}

/** A new chat's greeting (the page's largest text, so its first paint is what counts). */
function Welcome({ children }: { children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h2 className="text-2xl font-bold">Welcome to your calendar AI!</h2>
      <p className="mt-3 text-stone-700">
        Tell me what's on your plate and when you're at your best. I'll turn it into realistic time
        blocks, with buffers, at the hours that suit you — and I never shame you for a missed task.
      </p>
      {children}
    </div>
  );
}

/**
 * The chat's frame and greeting while the session is checked. The build prerenders it into
 * /chat's HTML, so the page paints before any script runs; it has the screen's own layout
 * (sidebar width, header height, greeting position), so nothing moves when the chat takes
 * over.
 */
function ChatSkeleton() {
  return (
    <div className="flex h-[calc(100dvh-var(--offline-banner-height))] overflow-hidden bg-stone-50">
      <div className="hidden w-80 shrink-0 border-r border-stone-200 md:block" />
      <main id="main" className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-3 border-b border-stone-200 bg-white px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold">General chat</p>
            <p className="truncate text-sm text-stone-600">Plans, tasks and your calendar</p>
          </div>
        </div>
        <div className="flex-1 overflow-y-auto">
          <Welcome>
            <p className="mt-4 text-sm text-stone-600" role="status">
              Loading your assistant...
            </p>
          </Welcome>
        </div>
      </main>
    </div>
  );
}

/** The header names the context the next message goes to. */
function chatHeading(domain: string | undefined): { title: string; subtitle: string } {
  if (!domain) return { title: "General chat", subtitle: "Plans, tasks and your calendar" };
  const name = domain.charAt(0).toUpperCase() + domain.slice(1);
  if (domain === "productivity") {
    return { title: "Productivity assistant", subtitle: "Plans your days around how you work" };
  }
  return {
    title: `${name} assistant`,
    subtitle: `Knows your ${domain} answers, and plans the time for it`,
  };
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
      <path
        d="M4 7h16M4 12h16M4 17h16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The month's usage in the header, on phones (the sidebar shows it on wider screens):
 * 'used/limit', a link to the plans, hidden for an unlimited plan.
 */
function HeaderUsage({ usage, onUpgrade }: { usage: UsageResponse; onUpgrade: () => void }) {
  if (isUnlimited(usage.limit)) return null;
  const tone = !usage.canUse
    ? "bg-red-50 text-red-800"
    : usage.percent >= 80
      ? "bg-amber-50 text-amber-900"
      : "bg-stone-100 text-stone-800";
  return (
    <button
      type="button"
      onClick={onUpgrade}
      className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold md:hidden ${tone}`}
      aria-label={`${usage.used} of ${usage.limit} messages used this month. See plans`}
    >
      {usage.used}/{usage.limit}
    </button>
  );
}

/** Requests the built-in assistant acts on, offered while the chat is empty. */
function ExampleRequests({ onPick }: { onPick: (text: string) => void }) {
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-stone-800">Try asking</h3>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {EXAMPLE_REQUESTS.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text)}
              className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:border-sage-600 hover:bg-sage-50"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChatScreen() {
  const { signOut, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = location.state as ChatRouteState;
  const { data: meta } = useMeta();
  const usage = useUsage(user?.id ?? "");
  const conversations = useConversations();
  const assistantsQuery = useAssistants();
  const assistants = useMemo(() => assistantsQuery.data ?? [], [assistantsQuery.data]);
  const online = useOnline();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  // an older address of the calendar (/chat?panel=calendar, where Google's consent used to
  // come back) goes to the calendar, with whatever the consent said
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    if (q.get("panel") !== "calendar") return;
    q.set("panel", "calendars");
    navigate(`/calendar?${q}`, { replace: true });
  }, [location.search, navigate]);
  const [limitBannerDismissed, setLimitBannerDismissed] = useState(false);
  // the assistant plans in the user's time zone: store the browser's before the first request
  useSyncTimezone(typeof navigator === "undefined" || navigator.onLine);

  const upgrade = useCallback(() => navigate("/", { state: { showPricing: true } }), [navigate]);
  const canUse = usage.data?.canUse ?? true;
  const chat = useChatSession({
    canUse,
    onUpgrade: upgrade,
    initialMessages: initialFromContext(routeState),
  });

  // a productivity context arriving in route state selects that assistant once it is known
  // (with the profile on screen, the assistant is attached without replacing it)
  const { selectAssistant, attachAssistant } = chat;
  const contextDomain = routeState?.domain;
  const [contextApplied, setContextApplied] = useState(false);
  useEffect(() => {
    if (contextApplied || !contextDomain || assistants.length === 0) return;
    // not listed yet (the list is refetching after the save): wait for it
    const match = assistants.find((a) => a.domain === contextDomain);
    if (!match) return;
    setContextApplied(true);
    if (routeState?.contextSummary) attachAssistant(match);
    else selectAssistant(match);
  }, [assistants, contextApplied, contextDomain, routeState, selectAssistant, attachAssistant]);

  // a quick setup finished before sign-in: save it now, and start the chat from it
  const queryClient = useQueryClient();
  useEffect(() => {
    const pending = takePendingOnboarding();
    if (!pending) return;
    navigate("/chat", { replace: true, state: pending });
    // read back from session storage unchecked: the server refuses an unknown domain (400)
    const domain = pending.domain as OnboardingDomain;
    call("onboardingContext", { body: { domain, answers: pending.responses } })
      .then(() => queryClient.invalidateQueries({ queryKey: assistantsKey }))
      .catch((err) => console.error("saving the quick setup failed", err));
  }, [navigate, queryClient]);

  const closeDrawer = () => setDrawerOpen(false);
  const drawer = useModalDrawer(drawerOpen, closeDrawer);
  // the agenda loads the calendar's sync engine (~75 KB gzip): only once the sidebar is seen —
  // at once beside a wide chat, on a phone when the menu first opens — and it stays after
  const [agendaSeen, setAgendaSeen] = useState(false);
  useEffect(() => {
    if (!drawer.drawerInert) setAgendaSeen(true);
  }, [drawer.drawerInert]);
  const remaining = usage.data?.remaining ?? 0;
  // only this device's copy, and the server is not being asked (offline, or it failed): the
  // count is the one last seen online, and is said as such (the phone's header badge leaves
  // it out, having no room to say so)
  const lastSeen =
    usage.data !== undefined && usage.dataUpdatedAt === 0 && !usage.isFetching
      ? { at: lastUsageSeenAt(user?.id ?? "") }
      : undefined;
  const exhausted = usage.data !== undefined && !usage.data.canUse;
  const pending = chat.status !== "idle";
  // the context the next message goes to: the chosen assistant, or the one a finished
  // questionnaire is about to attach
  const domain = chat.assistant?.domain ?? routeState?.domain;
  const { title, subtitle } = chatHeading(domain);

  return (
    <div className="flex h-[calc(100dvh-var(--offline-banner-height))] overflow-hidden bg-stone-50">
      {drawerOpen && (
        <button
          type="button"
          aria-label="Close menu"
          className="fixed inset-0 z-20 bg-stone-900/40 md:hidden"
          onClick={closeDrawer}
        />
      )}
      <aside
        ref={drawer.drawerRef}
        inert={drawer.drawerInert}
        id="chat-sidebar"
        aria-label="Chat navigation"
        className={`fixed inset-y-0 left-0 z-30 w-80 max-w-[85vw] border-r border-stone-200 bg-stone-50 transition-transform md:static md:z-auto md:translate-x-0 ${
          drawerOpen ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        <ChatSidebar
          usage={usage.data}
          usageLastSeen={lastSeen}
          assistants={assistantsQuery.data}
          conversations={conversations.data}
          online={online}
          failed={{
            assistants: assistantsQuery.isError,
            conversations: conversations.isError,
          }}
          onRetryLoad={() => {
            void assistantsQuery.refetch();
            void conversations.refetch();
          }}
          selectedAssistantId={chat.assistant?.id}
          activeConversationId={chat.conversationId}
          agenda={
            user && agendaSeen ? (
              <Suspense fallback={null}>
                <CalendarAgenda userId={user.id} />
              </Suspense>
            ) : null
          }
          email={user?.email ?? ""}
          onProfile={() => {
            setProfileOpen(true);
            closeDrawer();
          }}
          onSignOut={async () => {
            await signOut();
            navigate("/", { state: { fromChat: true } });
          }}
          onUpgrade={upgrade}
          onSelectAssistant={(a) => {
            chat.selectAssistant(a);
            closeDrawer();
          }}
          onNew={() => {
            chat.newChat();
            closeDrawer();
          }}
          onOpenConversation={(id) => {
            void chat.openConversation(id, assistants);
            closeDrawer();
          }}
        />
      </aside>

      <main id="main" inert={drawer.pageInert} className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-stone-200 bg-white px-4 py-3">
          <button
            type="button"
            aria-label="Open menu"
            className="-ml-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 md:hidden"
            aria-controls="chat-sidebar"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-bold">{title}</h1>
            <p className="truncate text-sm text-stone-600">{subtitle}</p>
          </div>
          {usage.data && !lastSeen && <HeaderUsage usage={usage.data} onUpgrade={upgrade} />}
          {meta?.modes.assistant === "offline" && (
            <span
              title="Sage's own assistant, built into this server: no language model is configured"
              className="hidden shrink-0 rounded-full bg-sage-100 px-2.5 py-1 text-xs font-semibold text-sage-900 sm:inline"
            >
              Built-in assistant
            </span>
          )}
        </header>

        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className="flex-1 overflow-y-auto" tabIndex={0} aria-label="Conversation">
          {chat.messages.length === 0 ? (
            <Welcome>
              {usage.data?.tier === "free" && remaining > 0 && (
                <p className="mt-4 text-sm font-medium text-sage-800">
                  {freeLeftText(remaining, lastSeen)}
                </p>
              )}
              {!exhausted && <ExampleRequests onPick={(text) => void chat.sendText(text)} />}
            </Welcome>
          ) : (
            <div className="mx-auto max-w-3xl">
              <MessageList
                messages={chat.messages}
                status={chat.status}
                onCardChanged={chat.updateCard}
                onAnswer={(text) => void chat.sendText(text)}
              />
            </div>
          )}
        </section>
        {chat.error && (
          <div
            role="alert"
            className="mx-auto mb-2 flex w-full max-w-3xl items-start justify-between gap-3 rounded-xl bg-red-50 px-4 py-2 text-sm text-red-800"
          >
            <span>{chat.error}</span>
            <span className="flex shrink-0 gap-3">
              {chat.canRetry && (
                <button
                  type="button"
                  className="font-semibold underline disabled:cursor-not-allowed disabled:no-underline disabled:opacity-60"
                  disabled={!online}
                  onClick={() => void chat.retry()}
                >
                  Retry
                </button>
              )}
              <button type="button" className="font-semibold underline" onClick={chat.dismissError}>
                Dismiss
              </button>
            </span>
          </div>
        )}
        {exhausted && usage.data && !limitBannerDismissed && (
          <div className="px-4">
            <UsageExceededBanner
              usage={usage.data}
              onKeepGettingHelp={upgrade}
              onNotNow={() => setLimitBannerDismissed(true)}
            />
          </div>
        )}
        <MessageForm
          draft={chat.draft}
          onDraftChange={chat.setDraft}
          pending={pending}
          exhausted={exhausted}
          offline={!online}
          onSend={() => void chat.send()}
        />
        {meta?.modes.assistant === "offline" && (
          <p className="bg-white pb-2 text-center text-xs text-stone-600">
            You're chatting with Sage's built-in assistant: no language model is configured, so it
            answers from your profile and acts on your calendar itself.
          </p>
        )}
      </main>
      <ProfileDialog
        open={profileOpen}
        onOpenChange={setProfileOpen}
        usage={usage.data && <UsagePanel usage={usage.data} onUpgrade={upgrade} />}
        extraActions={<ManageBillingIfAny billing={meta?.modes.billing} />}
        onAccountDeleted={async () => {
          setProfileOpen(false);
          await signOut();
          navigate("/", { replace: true, state: { fromChat: true, accountDeleted: true } });
        }}
      />
    </div>
  );
}
