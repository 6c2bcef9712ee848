import type { ReactNode } from "react";
import { Button } from "../../../components/button.tsx";

const small = "px-3! py-1.5!";

/**
 * What a person can say about one block: Done, Partly (the caller then asks how many minutes)
 * or Skip — Today's rows and the week view's dialog ask the same way. Of a block not yet
 * `begun`: "Done already" (finished ahead of it) or Skip — how much was done waits until it
 * has begun. `children` adds more choices after them (Today's Move).
 */
export function CheckInButtons({
  title,
  labelledBy,
  disabled,
  skipLabel = "Skip",
  begun = true,
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
  begun?: boolean;
  onDone: () => void;
  onPartly: () => void;
  onSkip: () => void;
  children?: ReactNode;
}) {
  return (
    <fieldset aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {labelledBy ? null : <legend className="sr-only">How did “{title}” go?</legend>}
      <Button className={small} disabled={disabled} onClick={onDone}>
        {begun ? "Done" : "Done already"}
      </Button>
      {begun ? (
        <Button variant="secondary" className={small} disabled={disabled} onClick={onPartly}>
          Partly
        </Button>
      ) : null}
      <Button variant="secondary" className={small} disabled={disabled} onClick={onSkip}>
        {skipLabel}
      </Button>
      {children}
    </fieldset>
  );
}

/**
 * What was said about a block ("Done", "Partly: 30 min"), with Change to say otherwise — and,
 * after a Done that said no minutes, "How long did it take?" (`onTook`).
 */
export function CheckInNoted({
  text,
  title,
  disabled,
  onChange,
  onTook,
  status,
}: {
  text: string;
  title: string;
  disabled: boolean;
  onChange: () => void;
  onTook?: (() => void) | undefined;
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
      {onTook ? (
        <Button
          variant="ghost"
          className={small}
          disabled={disabled}
          onClick={onTook}
          aria-label={`How long did “${title}” take?`}
        >
          How long did it take?
        </Button>
      ) : null}
    </p>
  );
}
