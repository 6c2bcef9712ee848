import type { Task } from "../../../../core/contract/tasks.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";

/** Asks before deleting a task; its planned blocks that haven't started go with it. */
export function DeleteTaskDialog(props: {
  task: Task | null;
  onCancel: () => void;
  onConfirm: (task: Task) => void;
}) {
  const { task } = props;
  return (
    <ConfirmDialog
      open={task !== null}
      title={`Delete the task “${task?.title ?? ""}”?`}
      description="Its planned blocks that haven't started are removed from your calendar too."
      onCancel={props.onCancel}
      onConfirm={() => task && props.onConfirm(task)}
    />
  );
}
