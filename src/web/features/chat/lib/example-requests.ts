/**
 * Requests the chat's empty state offers. Each is one the built-in assistant acts on (its
 * parser turns it into a calendar change or answer; example-requests.test.ts checks), and a
 * configured model does the same through the same calendar tools.
 */
export const EXAMPLE_REQUESTS = [
  "Add dentist Tuesday 3pm for an hour",
  "What's on tomorrow?",
  "Find two hours for deep work this week",
  "I need to write the report (3h, due Friday) — plan it",
] as const;
