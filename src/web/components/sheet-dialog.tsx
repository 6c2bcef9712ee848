import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

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
