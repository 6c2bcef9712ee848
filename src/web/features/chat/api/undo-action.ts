import { call } from "../../../lib/client.ts";

/** POST /api/assistant/actions/:id/undo — idempotent; 409 when the change was edited since. */
export function undoAction(id: string) {
  return call("undoAssistantAction", { params: { id } });
}

/** POST /api/assistant/actions/:id/accept — Yes to a proposal card; idempotent. */
export function acceptAction(id: string) {
  return call("acceptAssistantAction", { params: { id } });
}
