import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FitnessProgram } from "../../core/contract/fitness.ts";
import { FALLBACK_FITNESS_PROGRAM } from "../../core/fitness/fallback-program.ts";
import { type AnswersByQuestion, answersById } from "../../core/fitness/questions.ts";
import { PageShell } from "../components/page-shell.tsx";
import { generateProgram, saveProgram } from "../features/fitness/api/fitness-api.ts";
import { FitnessIntro } from "../features/fitness/components/fitness-intro.tsx";
import { FitnessQuestions } from "../features/fitness/components/fitness-questions.tsx";
import { GeneratingProgram } from "../features/fitness/components/generating-program.tsx";
import { ProgramPreview } from "../features/fitness/components/program-preview.tsx";
import { ProgramSaved } from "../features/fitness/components/program-saved.tsx";
import {
  clearPendingProgram,
  keepPendingProgram,
  readPendingProgram,
} from "../features/fitness/pending-program.ts";
import { useAuth } from "../lib/auth-context.ts";
import { useNavigate } from "../lib/router.tsx";

type Stage = "intro" | "questions" | "generating" | "preview" | "complete";

/** /fitness: intro → questions → generating → preview → complete (spec §4). */
export default function FitnessPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  // a preview kept across the sign-in round trip comes back, and is then saved; read once
  // mounted, so the first render equals the prerendered page (React's error #418 otherwise)
  const [pending, setPending] = useState<ReturnType<typeof readPendingProgram>>(null);
  const [stage, setStage] = useState<Stage>("intro");
  const [answers, setAnswers] = useState<AnswersByQuestion>({});
  const [program, setProgram] = useState<FitnessProgram | null>(null);
  const [usedFallback, setUsedFallback] = useState(false);
  useLayoutEffect(() => {
    const kept = readPendingProgram();
    if (!kept) return;
    setPending(kept);
    setAnswers(kept.answers);
    setProgram(kept.program);
    setUsedFallback(kept.usedFallback ?? false);
    setStage("preview");
  }, []);
  const [generation, setGeneration] = useState<"pending" | "success" | "error">("pending");
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resumed = useRef(false);

  const save = useCallback(async (given: AnswersByQuestion, chosen: FitnessProgram) => {
    const byId = answersById(given);
    if (!byId) {
      setError("Some answers are missing. Please take the assessment again.");
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveProgram({ answers: byId, program: chosen });
      clearPendingProgram();
      setSaved(true);
      setStage("complete");
    } catch (err) {
      setError(
        `Your program couldn't be saved: ${err instanceof Error ? err.message : "Unknown error"}`,
      );
    } finally {
      setSaving(false);
    }
  }, []);

  // back from sign-in: save the program that was previewed before it
  useEffect(() => {
    if (!pending || resumed.current || status !== "signedIn") return;
    resumed.current = true;
    void save(pending.answers, pending.program);
  }, [pending, status, save]);

  function generate(given: AnswersByQuestion) {
    setAnswers(given);
    setGeneration("pending");
    setStage("generating");
    const byId = answersById(given);
    const request = byId ? generateProgram(byId) : Promise.reject(new Error("missing answers"));
    request
      .then((res) => {
        setProgram(res.program);
        setUsedFallback(false);
        setGeneration("success");
      })
      .catch(() => {
        setProgram(FALLBACK_FITNESS_PROGRAM);
        setUsedFallback(true);
        setGeneration("error");
      });
  }

  function onSave() {
    if (!program) return;
    if (status === "signedIn") {
      void save(answers, program);
      return;
    }
    keepPendingProgram({ answers, program, usedFallback });
    void signIn({ returnTo: "/fitness" });
  }

  const upgrade = () => navigate("/", { state: { showPricing: true } });
  const showPreview = useCallback(() => setStage("preview"), []);

  return (
    <PageShell header={{ onLogoClick: clearPendingProgram }}>
      {stage === "intro" && <FitnessIntro onStart={() => setStage("questions")} />}
      {stage === "questions" && (
        <FitnessQuestions initial={answers} onBack={() => setStage("intro")} onSubmit={generate} />
      )}
      {stage === "generating" && (
        <GeneratingProgram status={generation} program={program} onDone={showPreview} />
      )}
      {stage === "preview" && program && (
        <ProgramPreview
          program={program}
          usedFallback={usedFallback}
          saved={saved}
          saving={saving}
          error={error}
          signedIn={status === "signedIn"}
          onSave={onSave}
          onUpgrade={upgrade}
        />
      )}
      {stage === "complete" && (
        <ProgramSaved
          full={Boolean(program?.fullProgram)}
          onUpgrade={upgrade}
          onContinue={showPreview}
        />
      )}
    </PageShell>
  );
}
