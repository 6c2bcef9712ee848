/**
 * The assistant's calendar tools. A real model is offered these through tool calling; the
 * offline assistant produces the same calls from plain language (parse-calendar-request.ts).
 * Instants are ISO strings (UTC).
 */
export type EventMatch = { title?: string; start?: string; on?: { from: string; to: string } };

export type CalendarToolCall =
  | { tool: "list_events"; from: string; to: string; label: string }
  | { tool: "find_free_time"; minutes: number; from: string; to: string; label: string }
  | { tool: "create_event"; title: string; start: string; end: string }
  | { tool: "update_event"; match: EventMatch; start: string; keepTime: boolean }
  | { tool: "delete_event"; match: EventMatch }
  | {
      tool: "add_tasks_and_plan";
      tasks: { title: string; estimateMinutes: number; deadline?: string }[];
    }
  | { tool: "plan"; days: number };
