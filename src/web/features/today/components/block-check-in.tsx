import { useId, useState } from "react";
import type { CheckIn, CheckInOutcome } from "../../../../core/contract/today.ts";
import { serverSaid } from "../../../lib/api.ts";
import { useCheckIn } from "../api/use-today.ts";
import { checkInText, tookAsked } from "../lib/today-text.ts";
import { CheckInButtons, CheckInNoted } from "./check-in-buttons.tsx";
import { PartlyForm } from "./partly-form.tsx";

/**
 * "How did it go?" for one of the person's task blocks outside Today (the week view's event
 * dialog): Done, Partly (how many minutes) or Skipped, sent as a check-in from the week view —
 * the same evidence Sage learns from (issue 27). Says what was noted, with Change, and after
 * Done asks how long it took.
 */
export function BlockCheckIn({
  userId,
  eventId,
  occurrence,
  title,
  plannedMinutes,
  online,
}: {
  userId: string;
  eventId: string;
  occurrence?: string | undefined;
  title: string;
  plannedMinutes: number;
  online: boolean;
}) {
  const checkIn = useCheckIn(userId);
  const [noted, setNoted] = useState<CheckIn | null>(null);
  const [asking, setAsking] = useState<"partly" | "took" | null>(null);
  const id = useId();
  const disabled = !online || checkIn.isPending;

  const send = (outcome: CheckInOutcome, n?: number) =>
    checkIn.mutate(
      {
        eventId,
        ...(occurrence ? { occurrence } : {}),
        outcome,
        ...(n !== undefined ? { minutes: n } : {}),
        source: "week",
      },
      {
        onSuccess: (answer) => {
          setNoted(answer.checkIn);
          setAsking(null);
        },
      },
    );

  return (
    <div className="flex flex-col gap-2 rounded-xl bg-sage-50 p-3">
      <p id={`${id}-ask`} className="text-sm font-medium text-stone-900">
        How did it go?
      </p>
      {asking ? (
        <PartlyForm
          plannedMinutes={plannedMinutes}
          took={asking === "took"}
          disabled={disabled}
          onSave={(n) => send(asking === "took" ? "done" : "partly", n)}
          onCancel={() => setAsking(null)}
        />
      ) : noted ? (
        <CheckInNoted
          status
          text={checkInText(noted)}
          title={title}
          disabled={disabled}
          onChange={() => setNoted(null)}
          onTook={tookAsked(noted, noted.taskId) ? () => setAsking("took") : undefined}
        />
      ) : (
        <CheckInButtons
          title={title}
          labelledBy={`${id}-ask`}
          disabled={disabled}
          skipLabel="Skipped"
          onDone={() => send("done")}
          onPartly={() => setAsking("partly")}
          onSkip={() => send("skipped")}
        />
      )}
      {checkIn.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverSaid(checkIn.error) ??
            "Sage couldn't be reached, so nothing was noted. Try again in a moment."}
        </p>
      ) : !online ? (
        <p className="text-sm text-stone-600">You're offline: check in when you're back online.</p>
      ) : null}
    </div>
  );
}
