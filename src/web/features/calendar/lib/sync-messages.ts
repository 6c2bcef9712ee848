/** The calendar's error texts, word for word from the spec (§8 calendar sync and token errors). */
export const SYNC_ERRORS = {
  offline: "No internet connection",
  noUser: "User not authenticated",
  noSession: "No valid session",
  notAuthenticated: "Not authenticated",
  notFoundLocally: "Event not found locally",
  failed: "Failed to sync with server",
} as const;

export const TOKEN_ERRORS = {
  generate: "Failed to generate calendar token",
  fetch: "Failed to fetch calendar token",
} as const;
