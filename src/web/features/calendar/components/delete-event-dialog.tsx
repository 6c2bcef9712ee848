import * as Dialog from "@radix-ui/react-dialog";
import type { LocalEvent } from "../../../../core/calendar/local-event.ts";
import { Button } from "../../../components/button.tsx";
import { useReturnFocus } from "../../../lib/use-return-focus.ts";

/** Asks before deleting; a recurring event goes as a whole series. */
export function DeleteEventDialog(props: {
  event: LocalEvent | null;
  onCancel: () => void;
  onConfirm: (event: LocalEvent) => void;
}) {
  const { event } = props;
  const returnFocus = useReturnFocus(event !== null);
  return (
    <Dialog.Root open={event !== null} onOpenChange={(o) => (o ? undefined : props.onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold text-stone-900">
            Delete “{event?.title}”?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">
            {event?.recurrence
              ? "This removes every repeat of this event from your calendar."
              : "This removes the event from your calendar."}
          </Dialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <button
              type="button"
              className="inline-flex items-center justify-center rounded-xl bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => event && props.onConfirm(event)}
            >
              Delete
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
