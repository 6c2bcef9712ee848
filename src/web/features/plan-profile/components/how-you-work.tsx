import "../../../lib/zod-jitless.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { PlanProfile, PlanProfileResponse } from "../../../../core/contract/plan-profile.ts";
import { PLAN_PROFILE_LIMITS, planProfile } from "../../../../core/contract/plan-profile.ts";
import { explainPlanProfile } from "../../../../core/plan-profile/seed-plan-profile.ts";
import { formatMinutes } from "../../../../core/productivity/hours.ts";
import { Button } from "../../../components/button.tsx";
import { ApiError, serverSaid } from "../../../lib/api.ts";
import { timeRangeLabel } from "../../../lib/date-label.ts";
import { Link } from "../../../lib/router.tsx";
import { insightsQuery, planProfileQuery, queryKeys } from "../../../lib/server-state.ts";
import { useOnline } from "../../../lib/use-online.ts";
import { useSavePlanProfile } from "../api/use-save-plan-profile.ts";
import { fieldErrors } from "../lib/field-errors.ts";
import { DaysAndHours } from "./days-and-hours.tsx";
import { EnergyWindows } from "./energy-windows.tsx";
import { FieldError, inputClass, TimeField } from "./time-field.tsx";

const SOURCE_LINE: Record<PlanProfileResponse["source"], string> = {
  default:
    "These are Sage's starting hours: you haven't answered the productivity questions yet. Change them here, or answer the questions to have them set for you.",
  questionnaire: "Set from your answers to the productivity questions. Change anything below.",
  edited: "As you last saved them here.",
};

type Conflict = { latest: PlanProfileResponse };

/** Minutes of the day as the person's clock writes them ("2:00 – 5:00 PM", "14:00–17:00"). */
function peakLabel(w: { start: number; end: number }): string {
  const at = (m: number) => new Date(Date.UTC(2000, 0, 1, Math.floor(m / 60), m % 60));
  return timeRangeLabel(at(w.start), at(w.end), { zone: "UTC" });
}

/** The "How you work" screen: seeded from GET, explained in words, saved with PUT. */
export function HowYouWork() {
  const online = useOnline();
  const query = useQuery({ ...planProfileQuery, enabled: online, retry: false });
  const insights = useQuery({ ...insightsQuery, enabled: online, retry: false });
  const save = useSavePlanProfile();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PlanProfile | null>(null);
  const [base, setBase] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saved, setSaved] = useState(false);

  // the form starts from what the server has (again after a save or "show the latest")
  useEffect(() => {
    if (query.data && draft === null) {
      setDraft(query.data.profile);
      setBase(query.data.version);
    }
  }, [query.data, draft]);

  if (!query.data || !draft || base === null) {
    return (
      <p role="status" className="text-stone-700">
        {!online
          ? "You're offline. How you work loads when you're back online."
          : query.isError
            ? "How you work couldn't be loaded just now. Try again in a moment."
            : "Loading how you work…"}
      </p>
    );
  }
  const data = query.data;
  const edit = (next: PlanProfile) => {
    setDraft(next);
    setSaved(false);
  };
  const onSave = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setProblem(null);
    setSaved(false);
    try {
      const answer = await save.mutateAsync({ version: base, profile: draft });
      setDraft(answer.profile);
      setBase(answer.version);
      setConflict(null);
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        setErrors(fieldErrors(err.message));
        setProblem("Some of this can't be saved yet — see the notes beside the fields.");
      } else if (err instanceof ApiError && err.status === 409) {
        const latest = (err.details as { current?: PlanProfileResponse } | undefined)?.current;
        if (latest) {
          // the screen's "as saved" is the latest now; the draft stays until the person picks
          queryClient.setQueryData(queryKeys.planProfile, latest);
          setConflict({ latest });
        } else setProblem(err.message);
      } else {
        setProblem(
          serverSaid(err) ??
            "Sage couldn't be reached, so nothing was saved. Try again in a moment.",
        );
      }
    }
  };
  const unchanged = JSON.stringify(draft) === JSON.stringify(data.profile);
  // the words follow the edit while it makes sense (the same rules the server checks)
  const sensible = planProfile.safeParse(draft).success;
  const words = explainPlanProfile(sensible ? draft : data.profile);
  const learnedPeak = insights.data?.hours.steer.off ? null : insights.data?.hours.learnedPeak;

  return (
    <form onSubmit={onSave} noValidate className="space-y-6">
      <section
        aria-labelledby="in-words"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="in-words" className="text-lg font-semibold text-stone-900">
          In words
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {!sensible
            ? "Some of your changes don't fit together yet, so this is how it stands as saved."
            : unchanged
              ? SOURCE_LINE[data.source]
              : "With your changes (not saved yet):"}
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-stone-800">
          {words.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
        {learnedPeak ? (
          <p className="mt-3 rounded-xl bg-sage-50 p-3 text-sm text-stone-800">
            That is what you said. From what Sage has seen you do, it now plans your hardest work at{" "}
            {peakLabel(learnedPeak)} instead — see “What Sage has learned” above to undo it.
          </p>
        ) : null}
        {data.fromNotes.length > 0 ? (
          <div className="mt-4 rounded-xl bg-sage-50 p-3 text-sm text-stone-800">
            <h3 className="font-semibold">Taken from your note</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {data.fromNotes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {data.resolved.length > 0 ? (
          <div className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-stone-800">
            <h3 className="font-semibold">Put right</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {data.resolved.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {data.source === "default" ? (
          <p className="mt-3 text-sm">
            <Link to="/productivity" className="font-semibold text-sage-800 underline">
              Answer the productivity questions
            </Link>
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="edit"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="edit" className="sr-only">
          Change how you work
        </h2>
        <DaysAndHours profile={draft} onChange={edit} errors={errors} disabled={save.isPending} />
        <EnergyWindows profile={draft} onChange={edit} errors={errors} disabled={save.isPending} />
        <Rhythm profile={draft} onChange={edit} errors={errors} disabled={save.isPending} />
        <Meetings profile={draft} onChange={edit} errors={errors} disabled={save.isPending} />
      </section>

      <div aria-live="polite" className="space-y-2">
        {conflict ? (
          <div role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-stone-800">
            <p>
              How you work was changed somewhere else meanwhile — in another tab, or by answering
              the questions again. Your changes aren't saved yet.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                disabled={!online}
                onClick={() => {
                  setBase(conflict.latest.version);
                  setConflict(null);
                }}
              >
                Keep my changes
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft(conflict.latest.profile);
                  setBase(conflict.latest.version);
                  setConflict(null);
                }}
              >
                Show the latest
              </Button>
            </div>
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        {saved ? (
          <p role="status" className="text-sm font-medium text-sage-800">
            Saved. Sage plans with this from now on.
          </p>
        ) : null}
        {!online ? (
          <p role="status" className="text-sm text-stone-700">
            You're offline: changes can be saved once you're back online.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={!online || save.isPending || conflict !== null || unchanged}
        >
          {save.isPending ? "Saving…" : "Save"}
        </Button>
        <Button
          variant="secondary"
          disabled={save.isPending || unchanged}
          onClick={() => {
            setDraft(data.profile);
            setErrors({});
            setProblem(null);
          }}
        >
          Undo changes
        </Button>
      </div>
    </form>
  );
}

type Section = {
  profile: PlanProfile;
  onChange: (next: PlanProfile) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

const RHYTHM = [
  {
    key: "focusBlockMinutes",
    label: "Focus block",
    help: "How long one block of focused work lasts.",
  },
  { key: "breakMinutes", label: "Break after a block", help: "Free time kept after each block." },
  {
    key: "bufferMinutes",
    label: "Buffer around events",
    help: "Kept free before and after every event.",
  },
  {
    key: "dailyLoadCapMinutes",
    label: "Most work a day",
    help: "Sage plans no more than this; the rest of the day stays slack.",
  },
] as const;

function Rhythm({ profile, onChange, errors, disabled }: Section) {
  return (
    <fieldset className="mt-6">
      <legend className="text-base font-semibold text-stone-900">Rhythm</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {RHYTHM.map((r) => (
          <MinutesField
            key={r.key}
            label={`${r.label} (minutes)`}
            help={r.help}
            value={profile[r.key]}
            min={PLAN_PROFILE_LIMITS[r.key].min}
            max={PLAN_PROFILE_LIMITS[r.key].max}
            error={errors[r.key]}
            disabled={disabled}
            onChange={(v) => onChange({ ...profile, [r.key]: v })}
          />
        ))}
      </div>
    </fieldset>
  );
}

function MinutesField(p: {
  label: string;
  help: string;
  value: number;
  min: number;
  max: number;
  error: string | undefined;
  disabled: boolean;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {p.label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={p.min}
        max={p.max}
        step={5}
        className={`${inputClass} w-32`}
        value={Number.isFinite(p.value) ? p.value : ""}
        disabled={p.disabled}
        aria-describedby={`${id}-help${p.error ? ` ${id}-err` : ""}`}
        aria-invalid={p.error ? true : undefined}
        onChange={(e) => p.onChange(e.target.value === "" ? Number.NaN : Number(e.target.value))}
      />
      <p id={`${id}-help`} className="text-xs text-stone-600">
        {p.value >= 60 ? `${formatMinutes(p.value)}. ` : ""}
        {p.help}
      </p>
      <FieldError id={`${id}-err`} message={p.error} />
    </div>
  );
}

function Meetings({ profile, onChange, errors, disabled }: Section) {
  const rules = [
    { key: "noMeetingsBefore", label: "No meetings before", fallback: 600 },
    { key: "noMeetingsAfter", label: "No meetings after", fallback: 960 },
  ] as const;
  return (
    <fieldset className="mt-6" aria-describedby="meetings-help">
      <legend className="text-base font-semibold text-stone-900">Meetings</legend>
      <p id="meetings-help" className="mt-1 text-sm text-stone-600">
        Free times Sage offers for meetings keep to these.
      </p>
      <div className="mt-2 flex flex-wrap gap-6">
        {rules.map((r) => {
          const value = profile[r.key];
          return (
            <div key={r.key} className="flex flex-wrap items-end gap-3">
              <label className="flex items-center gap-2 self-center text-sm text-stone-800">
                <input
                  type="checkbox"
                  checked={value !== null}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({ ...profile, [r.key]: e.target.checked ? r.fallback : null })
                  }
                />
                {r.label}
              </label>
              {value !== null ? (
                <TimeField
                  label={`${r.label}, time`}
                  value={value}
                  disabled={disabled}
                  onChange={(v) => onChange({ ...profile, [r.key]: v })}
                />
              ) : null}
              <FieldError id={`err-${r.key}`} message={errors[r.key]} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
