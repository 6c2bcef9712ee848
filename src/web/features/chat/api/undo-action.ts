import { call } from "../../../lib/client.ts";

/** POST /api/assistant/actions/:id/undo — idempotent; 409 when the change was edited since. */
export function undoAction(id: string) {
  return call("undoAssistantAction", { params: { id } });
}
