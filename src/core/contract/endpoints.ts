/**
 * Every /api endpoint once: its name, method, path and who may call it. The schemas of each
 * (request and response per status) are in routes.ts under the same name; this half has no
 * zod, so the web's client (src/web/lib/client.ts) can ship it to every page for a few
 * hundred bytes and take the schemas as types only.
 *
 * `auth`: "public" — anyone; "signed-in" — a live bearer token (401 otherwise); "optional" —
 * anyone, but a caller who sends a token must send a live one, and is then recognised.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Auth = "public" | "signed-in" | "optional";
export type Endpoint = { method: Method; path: `/api/${string}`; auth: Auth };

export const endpoints = {
  // --- app, sign-in -----------------------------------------------------------------
  getMeta: { method: "GET", path: "/api/meta", auth: "public" },
  googleSignIn: { method: "GET", path: "/api/auth/google", auth: "public" },
  googleSignInCallback: { method: "GET", path: "/api/auth/google/callback", auth: "public" },
  devLogin: { method: "POST", path: "/api/auth/dev-login", auth: "public" },
  refreshSession: { method: "POST", path: "/api/auth/refresh", auth: "public" },
  logout: { method: "POST", path: "/api/auth/logout", auth: "public" },

  // --- profile, usage, account ------------------------------------------------------
  ensureProfile: { method: "POST", path: "/api/ensure-profile", auth: "signed-in" },
  getProfile: { method: "GET", path: "/api/profile", auth: "signed-in" },
  updateProfile: { method: "PATCH", path: "/api/profile", auth: "signed-in" },
  getUsage: { method: "GET", path: "/api/usage", auth: "signed-in" },
  exportAccount: { method: "GET", path: "/api/account/export", auth: "signed-in" },
  deleteAccount: { method: "DELETE", path: "/api/account", auth: "signed-in" },

  // --- chat -------------------------------------------------------------------------
  chat: { method: "POST", path: "/api/chat", auth: "signed-in" },
  undoAssistantAction: {
    method: "POST",
    path: "/api/assistant/actions/:id/undo",
    auth: "signed-in",
  },
  acceptAssistantAction: {
    method: "POST",
    path: "/api/assistant/actions/:id/accept",
    auth: "signed-in",
  },
  listConversations: { method: "GET", path: "/api/conversations", auth: "signed-in" },
  getConversation: { method: "GET", path: "/api/conversations/:id", auth: "signed-in" },
  renameConversation: { method: "PATCH", path: "/api/conversations/:id", auth: "signed-in" },
  deleteConversation: { method: "DELETE", path: "/api/conversations/:id", auth: "signed-in" },
  listDomainContexts: { method: "GET", path: "/api/domain-contexts", auth: "signed-in" },

  // --- tasks and planning -----------------------------------------------------------
  listTasks: { method: "GET", path: "/api/tasks", auth: "signed-in" },
  createTask: { method: "POST", path: "/api/tasks", auth: "signed-in" },
  updateTask: { method: "PUT", path: "/api/tasks/:id", auth: "signed-in" },
  deleteTask: { method: "DELETE", path: "/api/tasks/:id", auth: "signed-in" },
  listRoutines: { method: "GET", path: "/api/routines", auth: "signed-in" },
  createRoutine: { method: "POST", path: "/api/routines", auth: "signed-in" },
  updateRoutine: { method: "PUT", path: "/api/routines/:id", auth: "signed-in" },
  deleteRoutine: { method: "DELETE", path: "/api/routines/:id", auth: "signed-in" },
  plan: { method: "POST", path: "/api/plan", auth: "signed-in" },
  acceptPlan: { method: "POST", path: "/api/plan/accept", auth: "signed-in" },
  discardPlan: { method: "POST", path: "/api/plan/discard", auth: "signed-in" },
  getPlanProfile: { method: "GET", path: "/api/plan/profile", auth: "signed-in" },
  updatePlanProfile: { method: "PUT", path: "/api/plan/profile", auth: "signed-in" },
  undoPlan: { method: "POST", path: "/api/plan/undo", auth: "signed-in" },
  listPlanNotes: { method: "GET", path: "/api/plan/notes", auth: "signed-in" },
  dismissPlanNote: { method: "POST", path: "/api/plan/notes/:id/dismiss", auth: "signed-in" },
  undoPlanNote: { method: "POST", path: "/api/plan/notes/:id/undo", auth: "signed-in" },

  // --- what Sage learned (issue 27) -------------------------------------------------
  getInsights: { method: "GET", path: "/api/insights", auth: "signed-in" },
  steerInsight: { method: "POST", path: "/api/insights/:key", auth: "signed-in" },

  // --- booking links (issue 31) -----------------------------------------------------
  listBookingLinks: { method: "GET", path: "/api/booking-links", auth: "signed-in" },
  createBookingLink: { method: "POST", path: "/api/booking-links", auth: "signed-in" },
  updateBookingLink: { method: "PUT", path: "/api/booking-links/:id", auth: "signed-in" },
  deleteBookingLink: { method: "DELETE", path: "/api/booking-links/:id", auth: "signed-in" },
  listBookings: { method: "GET", path: "/api/bookings", auth: "signed-in" },
  cancelBooking: { method: "POST", path: "/api/bookings/:id/cancel", auth: "signed-in" },
  getBookingSlots: { method: "GET", path: "/api/book/:slug", auth: "public" },
  bookSlot: { method: "POST", path: "/api/book/:slug", auth: "public" },
  getGuestBooking: { method: "GET", path: "/api/book/:slug/bookings/:id", auth: "public" },

  // --- today and check-ins ----------------------------------------------------------
  getToday: { method: "GET", path: "/api/today", auth: "signed-in" },
  markTodaySeen: { method: "POST", path: "/api/today/seen", auth: "signed-in" },
  checkIn: { method: "POST", path: "/api/check-ins", auth: "signed-in" },

  // --- calendar ---------------------------------------------------------------------
  listEvents: { method: "GET", path: "/api/calendar-events", auth: "signed-in" },
  createEvent: { method: "POST", path: "/api/calendar-events", auth: "signed-in" },
  updateEvent: { method: "PUT", path: "/api/calendar-events", auth: "signed-in" },
  deleteEvent: { method: "DELETE", path: "/api/calendar-events", auth: "signed-in" },
  issueCalendarToken: { method: "POST", path: "/api/calendar-token", auth: "signed-in" },
  getCalendarToken: { method: "GET", path: "/api/calendar-token", auth: "signed-in" },
  calendarFeed: { method: "GET", path: "/api/calendar/feed/:file", auth: "public" },

  // --- connected calendars ----------------------------------------------------------
  listConnections: { method: "GET", path: "/api/connections", auth: "signed-in" },
  createConnection: { method: "POST", path: "/api/connections", auth: "signed-in" },
  updateConnection: { method: "PATCH", path: "/api/connections/:id", auth: "signed-in" },
  syncConnection: { method: "POST", path: "/api/connections/:id/sync", auth: "signed-in" },
  deleteConnection: { method: "DELETE", path: "/api/connections/:id", auth: "signed-in" },
  // a plain link (a navigation carries no bearer token): it only redirects to the next
  startGoogleConnection: { method: "GET", path: "/api/connections/google/start", auth: "public" },
  // the person is named by the session cookie, which only travels under /api/auth
  googleCalendarConsent: { method: "GET", path: "/api/auth/google/calendar", auth: "public" },
  // the person is named by the signed, single-use flow cookie the start set, not a bearer
  googleConnectionCallback: {
    method: "GET",
    path: "/api/connections/google/callback",
    auth: "public",
  },
  // Google's push notifications (decision 041): the caller is named by the channel's id and
  // its secret token, checked against what Sage created; anything else is a 403
  googlePushNotification: {
    method: "POST",
    path: "/api/connections/google/notify",
    auth: "public",
  },

  // Microsoft 365 / Outlook.com, the same three steps as Google (decision 040)
  startMicrosoftConnection: {
    method: "GET",
    path: "/api/connections/microsoft/start",
    auth: "public",
  },
  // Graph's change notifications (decision 041): each names a subscription Sage created and
  // its clientState; anything else is a 403
  microsoftPushNotification: {
    method: "POST",
    path: "/api/connections/microsoft/notify",
    auth: "public",
  },
  // Graph's lifecycle notifications about a subscription (reauthorizationRequired,
  // subscriptionRemoved, missed), checked the same way
  microsoftLifecycleNotification: {
    method: "POST",
    path: "/api/connections/microsoft/lifecycle",
    auth: "public",
  },
  microsoftCalendarConsent: { method: "GET", path: "/api/auth/microsoft/calendar", auth: "public" },
  microsoftConnectionCallback: {
    method: "GET",
    path: "/api/connections/microsoft/callback",
    auth: "public",
  },

  // --- assistants (onboarding, productivity, fitness), votes ------------------------
  onboardingQuestions: { method: "POST", path: "/api/onboarding/questions", auth: "public" },
  onboardingContext: { method: "POST", path: "/api/onboarding/context", auth: "optional" },
  generateProductivityProfile: {
    method: "POST",
    path: "/api/productivity/generate",
    auth: "optional",
  },
  generateFitnessProgram: { method: "POST", path: "/api/fitness/generate", auth: "optional" },
  saveFitnessProgram: { method: "POST", path: "/api/fitness/save", auth: "signed-in" },
  getFitnessProgram: { method: "GET", path: "/api/fitness/program", auth: "signed-in" },
  addProgramRoutines: {
    method: "POST",
    path: "/api/fitness/program/routines",
    auth: "signed-in",
  },
  getVotes: { method: "GET", path: "/api/sage-votes", auth: "public" },
  castVote: { method: "POST", path: "/api/sage-votes", auth: "public" },

  // --- billing ----------------------------------------------------------------------
  listPlans: { method: "GET", path: "/api/plans", auth: "public" },
  createCheckout: { method: "POST", path: "/api/create-checkout-session", auth: "signed-in" },
  createPortal: { method: "POST", path: "/api/create-portal-session", auth: "signed-in" },
  verifyPayment: { method: "POST", path: "/api/verify-payment", auth: "signed-in" },
  demoCheckoutSession: {
    method: "GET",
    path: "/api/demo-billing/sessions/:id",
    auth: "signed-in",
  },
  demoCompleteCheckout: { method: "POST", path: "/api/demo-billing/complete", auth: "signed-in" },
  demoChangePlan: { method: "POST", path: "/api/demo-billing/change-plan", auth: "signed-in" },
  demoCancelSubscription: {
    method: "POST",
    path: "/api/demo-billing/cancel-subscription",
    auth: "signed-in",
  },
  stripeWebhook: { method: "POST", path: "/api/stripe/webhook", auth: "public" },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
