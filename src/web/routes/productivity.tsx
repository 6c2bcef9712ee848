import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type {
  ProductivityAnswers,
  ProductivityChatState,
} from "../../core/contract/productivity.ts";
import { suggestRoutines } from "../../core/productivity/suggest-routines.ts";
import { PageShell } from "../components/page-shell.tsx";
import { generateProfile } from "../features/productivity/api/generate-profile.ts";
import { BuildingProfile } from "../features/productivity/components/building-profile.tsx";
import { ProductivityQuestionnaire } from "../features/productivity/components/productivity-questionnaire.tsx";
import { ProfileResult } from "../features/productivity/components/profile-result.tsx";
import {
  clearPendingProfile,
  keepPendingProfile,
  localOutcome,
  type PendingProfile,
  type ProfileOutcome,
  readPendingProfile,
} from "../features/productivity/profile-outcome.ts";
import { ApiError } from "../lib/api.ts";
import { useAuth } from "../lib/auth-context.ts";
import { useNavigate } from "../lib/router.tsx";

type Stage = "questions" | "building" | "result";

const toOutcome = (res: Awaited<ReturnType<typeof generateProfile>>): ProfileOutcome => ({
  ...res.profile,
  saved: res.saved,
});

function failureReason(err: unknown, signedIn: boolean): string {
  const why =
    err instanceof ApiError && err.status === 429
      ? "Sage is busy right now"
      : "Sage couldn't be reached just now";
  return `${why}, so this profile was put together on your device${signedIn ? " and isn't saved yet" : ""}.`;
}

/** /productivity: the Calendar Intelligence questionnaire, the building animation, the result. */
export default function ProductivityPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  // a questionnaire finished before a sign-in round trip comes back as its result; read once
  // mounted, so the first render equals the prerendered page (reading this tab's storage
  // while rendering made the hydrated page differ from it: React's error #418)
  const [pending, setPending] = useState<PendingProfile | null>(null);
  const [stage, setStage] = useState<Stage>("questions");
  const [answers, setAnswers] = useState<ProductivityAnswers | null>(null);
  const [outcome, setOutcome] = useState<ProfileOutcome | null>(null);
  useLayoutEffect(() => {
    const kept = readPendingProfile();
    if (!kept) return;
    setPending(kept);
    setAnswers(kept.answers);
    setOutcome(kept.outcome);
    setStage("result");
  }, []);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resumed = useRef(false);

  const goToChat = useCallback(
    (summary: string, responses: ProductivityAnswers) => {
      const state: ProductivityChatState = {
        contextSummary: summary,
        domain: "productivity",
        responses,
      };
      navigate("/chat", { state });
    },
    [navigate],
  );

  /** Signed in: make sure the profile is saved as the productivity context, then open the chat. */
  const saveAndStart = useCallback(
    async (given: ProductivityAnswers) => {
      setStarting(true);
      setError(null);
      try {
        const res = await generateProfile(given);
        clearPendingProfile();
        goToChat(res.profile.summary, given);
      } catch (err) {
        setStarting(false);
        setError(
          `Your profile couldn't be saved: ${err instanceof Error ? err.message : "Unknown error"}`,
        );
      }
    },
    [goToChat],
  );

  // back from sign-in with a finished questionnaire: save it and go on to the chat
  useEffect(() => {
    if (!pending || resumed.current || status !== "signedIn") return;
    resumed.current = true;
    void saveAndStart(pending.answers);
  }, [pending, status, saveAndStart]);

  function build(given: ProductivityAnswers) {
    setAnswers(given);
    setOutcome(null);
    setStage("building");
    const signedIn = status === "signedIn";
    generateProfile(given)
      .then((res) => setOutcome(toOutcome(res)))
      .catch((err: unknown) => setOutcome(localOutcome(given, failureReason(err, signedIn))));
  }

  function start() {
    if (!answers || !outcome) return;
    if (status === "signedIn") {
      if (outcome.saved) goToChat(outcome.summary, answers);
      else void saveAndStart(answers);
      return;
    }
    keepPendingProfile({ answers, outcome });
    void signIn({ returnTo: "/productivity" });
  }

  const goHome = () => navigate("/", { state: { fromChat: true } });
  const showResult = useCallback(() => setStage("result"), []);

  return (
    <PageShell header={{ onLogoClick: clearPendingProfile }}>
      {stage === "questions" && <ProductivityQuestionnaire onComplete={build} onBack={goHome} />}
      {stage === "building" && <BuildingProfile outcome={outcome} onFinished={showResult} />}
      {stage === "result" && outcome && (
        <ProfileResult
          outcome={outcome}
          signedIn={status === "signedIn"}
          starting={starting}
          error={error}
          onStart={start}
          suggestions={answers ? suggestRoutines(answers) : []}
          peakTime={answers?.peak_time}
          onHome={() => {
            clearPendingProfile();
            goHome();
          }}
        />
      )}
    </PageShell>
  );
}
