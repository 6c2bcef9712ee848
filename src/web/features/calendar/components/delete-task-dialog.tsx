import * as Dialog from "@radix-ui/react-dialog";
import type { Task } from "../../../../core/contract/tasks.ts";
import { Button } from "../../../components/button.tsx";

/** Asks before deleting a task; its planned blocks that haven't started go with it. */
export function DeleteTaskDialog(props: {
  task: Task | null;
  onCancel: () => void;
  onConfirm: (task: Task) => void;
}) {
  const { task } = props;
  return (
    <Dialog.Root open={task !== null} onOpenChange={(o) => (o ? undefined : props.onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold text-stone-900">
            Delete the task “{task?.title}”?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">
            Its planned blocks that haven't started are removed from your calendar too.
          </Dialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <button
              type="button"
              className="inline-flex items-center justify-center rounded-xl bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => task && props.onConfirm(task)}
            >
              Delete
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
