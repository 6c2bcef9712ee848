import type { ReactNode } from "react";
import { Button } from "../../../components/button.tsx";

const small = "px-3! py-1.5!";

/**
 * What a person can say about one block: Done, Partly (the caller then asks how many minutes)
 * or Skip — Today's rows and the week view's dialog ask the same way. `children` adds more
 * choices after them (Today's Move).
 */
export function CheckInButtons({
  title,
  labelledBy,
  disabled,
  skipLabel = "Skip",
  onDone,
  onPartly,
  onSkip,
  children,
}: {
  title: string;
  /** The id of a visible question ("How did it go?"); without one, a hidden legend asks. */
  labelledBy?: string | undefined;
  disabled: boolean;
  skipLabel?: "Skip" | "Skipped";
  onDone: () => void;
  onPartly: () => void;
  onSkip: () => void;
  children?: ReactNode;
}) {
  return (
    <fieldset aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {labelledBy ? null : <legend className="sr-only">How did “{title}” go?</legend>}
      <Button className={small} disabled={disabled} onClick={onDone}>
        Done
      </Button>
      <Button variant="secondary" className={small} disabled={disabled} onClick={onPartly}>
        Partly
      </Button>
      <Button variant="secondary" className={small} disabled={disabled} onClick={onSkip}>
        {skipLabel}
      </Button>
      {children}
    </fieldset>
  );
}

/** What was said about a block ("Done", "Partly: 30 min"), with Change to say otherwise. */
export function CheckInNoted({
  text,
  title,
  disabled,
  onChange,
  status,
}: {
  text: string;
  title: string;
  disabled: boolean;
  onChange: () => void;
  /** Announce it (it was just said here). */
  status?: boolean;
}) {
  return (
    <p
      className="flex flex-wrap items-center gap-2 text-sm text-sage-900"
      role={status ? "status" : undefined}
    >
      <span className="rounded-lg bg-sage-100 px-2.5 py-0.5 font-medium">{text}</span>
      <Button
        variant="ghost"
        className={small}
        disabled={disabled}
        onClick={onChange}
        aria-label={`Change what you said about “${title}”`}
      >
        Change
      </Button>
    </p>
  );
}
