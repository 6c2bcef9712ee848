import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useReturnFocus } from "../lib/use-return-focus.ts";
import { Button } from "./button.tsx";

/**
 * The app's one "are you sure?" dialog, for what cannot be undone (a delete, a cancelled
 * booking). Focus goes back to whatever opened it, since it is opened from state rather than
 * from a Radix trigger.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  /** The red button's words ("Delete" unless told). */
  confirmLabel?: string;
  /** The button that backs out ("Cancel" unless told: "Keep it" when cancelling something). */
  backLabel?: string;
}) {
  const returnFocus = useReturnFocus(props.open);
  return (
    <Dialog.Root open={props.open} onOpenChange={(o) => (o ? undefined : props.onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold text-stone-900">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">
            {props.description}
          </Dialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{props.backLabel ?? "Cancel"}</Button>
            </Dialog.Close>
            <button
              type="button"
              className="inline-flex items-center justify-center rounded-xl bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
              onClick={props.onConfirm}
            >
              {props.confirmLabel ?? "Delete"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
