import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/**
 * The app's form dialog: a sheet from the bottom on a phone, a centred card on a wide
 * screen, a title and one line saying what the form is for. Radix keeps focus inside and
 * closes on Escape and on the overlay.
 */
export function SheetDialog(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Unique on the page: ties the description to the dialog. */
  id: string;
  children: ReactNode;
}) {
  const descriptionId = `${props.id}-description`;
  return (
    <Dialog.Root open={props.open} onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          aria-describedby={descriptionId}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[min(34rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
        >
          <Dialog.Title className="text-lg font-bold text-stone-900">{props.title}</Dialog.Title>
          <Dialog.Description id={descriptionId} className="mt-1 text-sm text-stone-700">
            {props.description}
          </Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A form sheet's last row: what the server said when it refused (if anything), then Cancel
 * and the submit button ("Saving…" while it saves). `className` places it in the form's grid.
 */
export function SheetActions(props: {
  saving: boolean;
  submitLabel: string;
  /** The server's refusal, said in full ("Couldn't add the task: …"). */
  error?: string | null | undefined;
  className: string;
}) {
  return (
    <>
      {props.error ? (
        <p
          role="alert"
          className={`rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ${props.className}`}
        >
          {props.error}
        </p>
      ) : null}
      <div className={`flex flex-wrap justify-end gap-2 ${props.className}`}>
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={props.saving}>
          {props.saving ? "Saving…" : props.submitLabel}
        </Button>
      </div>
    </>
  );
}
