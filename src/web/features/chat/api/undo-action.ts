import type { UndoActionResponse } from "../../../../core/contract/assistant-actions.ts";
import { api } from "../../../lib/api.ts";

/** POST /api/assistant/actions/:id/undo — idempotent; 409 when the change was edited since. */
export function undoAction(id: string) {
  return api<UndoActionResponse>(`/api/assistant/actions/${id}/undo`, { method: "POST" });
}
