import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";

/** Asks before deleting; a recurring event goes as a whole series. */
export function DeleteEventDialog(props: {
  event: LocalEvent | null;
  onCancel: () => void;
  onConfirm: (event: LocalEvent) => void;
}) {
  const { event } = props;
  return (
    <ConfirmDialog
      open={event !== null}
      title={`Delete “${event?.title ?? ""}”?`}
      description={
        event?.recurrence
          ? "This removes every repeat of this event from your calendar."
          : "This removes the event from your calendar."
      }
      onCancel={props.onCancel}
      onConfirm={() => event && props.onConfirm(event)}
    />
  );
}
