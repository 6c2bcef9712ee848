import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import type { Scope } from "../../../../core/contract/calendar.ts";
import { Button } from "../../../components/button.tsx";
import { useReturnFocus } from "../../../lib/use-return-focus.ts";

const CHOICES: { scope: Scope; label: string }[] = [
  { scope: "this", label: "This event" },
  { scope: "following", label: "This and following events" },
  { scope: "all", label: "All events" },
];

/**
 * "This event / this and following / all events" for a change to a repeating event, with
 * "this event" chosen (the safe default: "cancel tomorrow's gym" never removes every gym).
 */
export function ScopeDialog(props: {
  open: boolean;
  action: "change" | "delete";
  title: string;
  onCancel: () => void;
  onChoose: (scope: Scope) => void;
}) {
  const [scope, setScope] = useState<Scope>("this");
  const returnFocus = useReturnFocus(props.open);
  useEffect(() => {
    if (props.open) setScope("this");
  }, [props.open]);
  const verb = props.action === "delete" ? "Delete" : "Change";
  return (
    <Dialog.Root open={props.open} onOpenChange={(o) => (o ? undefined : props.onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold text-stone-900">
            {verb} “{props.title}”, a repeating event
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-700">
            Which events should this apply to?
          </Dialog.Description>
          <form
            className="mt-4"
            onSubmit={(e) => {
              e.preventDefault();
              props.onChoose(scope);
            }}
          >
            <fieldset className="space-y-2">
              <legend className="sr-only">Apply to</legend>
              {CHOICES.map((c) => (
                <label key={c.scope} className="flex items-center gap-2 text-sm text-stone-900">
                  <input
                    type="radio"
                    name="scope"
                    value={c.scope}
                    checked={scope === c.scope}
                    onChange={() => setScope(c.scope)}
                    className="h-4 w-4 accent-sage-700"
                  />
                  {c.label}
                </label>
              ))}
            </fieldset>
            <div className="mt-5 flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit">{verb}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
