import { z } from "zod";
import { accountExport, deleteAccountRequest } from "./account.ts";
import { undoActionResponse } from "./assistant-actions.ts";
import { appMeta, authSession, devLoginRequest } from "./auth.ts";
import {
  createCheckoutRequest,
  createPortalRequest,
  demoChangePlanRequest,
  demoCheckoutSession,
  demoCompleteResponse,
  plansResponse,
  sessionIdRequest,
  subscriptionResponse,
  urlResponse,
  verifyPaymentResponse,
} from "./billing.ts";
import {
  bookingLinkResponse,
  bookingLinksResponse,
  bookingResponse,
  bookingsResponse,
  bookRequest,
  bookResponse,
  createBookingLinkRequest,
  guestBookingParams,
  guestBookingQuery,
  guestBookingResponse,
  slotsQuery,
  slotsResponse,
  slugParam,
  updateBookingLinkRequest,
} from "./booking.ts";
import {
  calendarTokenResponse,
  createEventRequest,
  deleteEventResponse,
  eventResponse,
  listEventsQuery,
  listEventsResponse,
  type OccurrenceQuery,
  occurrenceQuery,
  occurrenceResponse,
  updateEventRequest,
  updateOccurrenceRequest,
} from "./calendar.ts";
import {
  chatRequest,
  chatResponse,
  conversationDetail,
  conversationList,
  conversationQuery,
  conversationSummary,
  idParam,
  listConversationsQuery,
  renameConversationRequest,
} from "./chat.ts";
import {
  connectionResponse,
  createConnectionRequest,
  deleteConnectionQuery,
  listConnectionsResponse,
  updateConnectionRequest,
} from "./connections.ts";
import { domainContextsResponse } from "./domain-contexts.ts";
import type { EndpointName } from "./endpoints.ts";
import {
  generateFitnessRequest,
  generateFitnessResponse,
  savedFitnessProgramResponse,
  saveFitnessRequest,
  saveFitnessResponse,
} from "./fitness.ts";
import { insightsResponse, learnedKey, steerRequest } from "./insights.ts";
import {
  contextRequest,
  contextResponse,
  questionsRequest,
  questionsResponse,
} from "./onboarding.ts";
import { planNotesResponse } from "./plan-notes.ts";
import { planProfile, planProfileResponse, planProfileVersionQuery } from "./plan-profile.ts";
import { generateProductivityResponse, productivityAnswers } from "./productivity.ts";
import { ensureProfileResponse, profileResponse, updateProfileRequest } from "./profile.ts";
import {
  programRoutinesResponse,
  routineInput,
  routineResponse,
  routinesResponse,
} from "./routines.ts";
import {
  createTaskRequest,
  planAcceptRequest,
  planRequest,
  planResponse,
  planUndoRequest,
  planUndoResponse,
  task,
  updateTaskRequest,
} from "./tasks.ts";
import {
  checkInRequest,
  checkInResponse,
  todayQuery,
  todayResponse,
  todaySeenRequest,
} from "./today.ts";
import { usageResponse } from "./usage.ts";
import { voteRequest, voteResponse, votesResponse } from "./votes.ts";

/**
 * A response that is not a JSON body: a redirect, an empty 204/304, a file or a stream.
 * `events` is what a server-sent-events stream carries, by event name.
 */
export type RawResponse = {
  raw: "redirect" | "empty" | "text/plain" | "text/calendar" | "text/event-stream";
  events?: Record<string, z.ZodType>;
};
const redirect: RawResponse = { raw: "redirect" };
const empty: RawResponse = { raw: "empty" };

export type ResponseSchema = z.ZodType | RawResponse;

/** The schemas of one endpoint: request parts and the answer per status (errors excluded). */
export type RouteSchemas = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** An absent body reads as `{}` (every field of `body` is optional or has a default). */
  bodyOptional?: true;
  /** When the body's schema depends on the query (an occurrence edit): `body` is their union. */
  bodyFor?: (query: never) => z.ZodType;
  responses: { [status: number]: ResponseSchema };
};

/** Every error under /api, whatever the route: `{error, code, details?}` (errors.ts). */
export { errorBody } from "./errors.ts";

const tasksResponse = z.object({ tasks: z.array(task) });
const taskResponse = z.object({ task });
const renamedConversation = z.object({ conversation: conversationSummary });
const webhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(["synced", "duplicate", "ignored", "unknown-customer"]),
});

/**
 * The schemas of every endpoint in endpoints.ts, by the same name. The server registers each
 * route from here (src/server/http/define-route.ts: input parsed, output checked) and the web
 * calls through a client typed by it (src/web/lib/client.ts).
 */
export const routes = {
  getMeta: { responses: { 200: appMeta } },
  googleSignIn: { responses: { 302: redirect } },
  googleSignInCallback: { responses: { 302: redirect } },
  devLogin: { body: devLoginRequest, responses: { 200: authSession } },
  refreshSession: { responses: { 200: authSession } },
  logout: { responses: { 204: empty } },

  ensureProfile: { responses: { 200: ensureProfileResponse } },
  getProfile: { responses: { 200: profileResponse } },
  updateProfile: { body: updateProfileRequest, responses: { 200: profileResponse } },
  getUsage: { responses: { 200: usageResponse } },
  // a download: the whole account as one JSON document
  exportAccount: { responses: { 200: accountExport } },
  deleteAccount: { body: deleteAccountRequest, responses: { 204: empty } },

  // a stream of server-sent events: `delta` pieces of text, then `done` (or `error`)
  chat: {
    body: chatRequest,
    responses: {
      200: {
        raw: "text/event-stream",
        events: { done: chatResponse, delta: z.object({ text: z.string() }) },
      },
    },
  },
  undoAssistantAction: { params: idParam, responses: { 200: undoActionResponse } },
  // Yes to a proposal card (a routine from chat): written now, answered like an undo
  acceptAssistantAction: { params: idParam, responses: { 200: undoActionResponse } },
  listConversations: { query: listConversationsQuery, responses: { 200: conversationList } },
  getConversation: {
    params: idParam,
    query: conversationQuery,
    responses: { 200: conversationDetail },
  },
  renameConversation: {
    params: idParam,
    body: renameConversationRequest,
    responses: { 200: renamedConversation },
  },
  deleteConversation: { params: idParam, responses: { 204: empty } },
  listDomainContexts: { responses: { 200: domainContextsResponse } },

  listTasks: { responses: { 200: tasksResponse } },
  // 201 when created, 200 when the id was already used (a replay answers the stored task)
  createTask: { body: createTaskRequest, responses: { 200: taskResponse, 201: taskResponse } },
  updateTask: { params: idParam, body: updateTaskRequest, responses: { 200: taskResponse } },
  deleteTask: { params: idParam, responses: { 204: empty } },
  listRoutines: { responses: { 200: routinesResponse } },
  createRoutine: { body: routineInput, responses: { 201: routineResponse } },
  updateRoutine: { params: idParam, body: routineInput, responses: { 200: routineResponse } },
  deleteRoutine: { params: idParam, responses: { 204: empty } },
  plan: { body: planRequest, bodyOptional: true, responses: { 200: planResponse } },
  getPlanProfile: { responses: { 200: planProfileResponse } },
  // the body is exactly the `profile` GET answers; the version edited rides in the query
  updatePlanProfile: {
    query: planProfileVersionQuery,
    body: planProfile,
    responses: { 200: planProfileResponse },
  },
  undoPlan: { body: planUndoRequest, responses: { 200: planUndoResponse } },
  acceptPlan: { body: planAcceptRequest, responses: { 200: planResponse } },
  discardPlan: { responses: { 204: empty } },
  listPlanNotes: { responses: { 200: planNotesResponse } },
  dismissPlanNote: { params: idParam, responses: { 204: empty } },
  undoPlanNote: { params: idParam, responses: { 204: empty } },

  getInsights: { responses: { 200: insightsResponse } },
  // Undo, "don't learn this" or "learn again" about one thing learned; answers the insights
  steerInsight: {
    params: z.strictObject({ key: learnedKey }),
    body: steerRequest,
    responses: { 200: insightsResponse },
  },

  listBookingLinks: { responses: { 200: bookingLinksResponse } },
  createBookingLink: { body: createBookingLinkRequest, responses: { 201: bookingLinkResponse } },
  updateBookingLink: {
    params: idParam,
    body: updateBookingLinkRequest,
    responses: { 200: bookingLinkResponse },
  },
  deleteBookingLink: { params: idParam, responses: { 204: empty } },
  listBookings: { responses: { 200: bookingsResponse } },
  cancelBooking: { params: idParam, responses: { 200: bookingResponse } },
  // the guest's side: the link's title, length, host name and open times — nothing else
  getBookingSlots: { params: slugParam, query: slotsQuery, responses: { 200: slotsResponse } },
  bookSlot: { params: slugParam, body: bookRequest, responses: { 201: bookResponse } },
  getGuestBooking: {
    params: guestBookingParams,
    query: guestBookingQuery,
    responses: { 200: guestBookingResponse },
  },

  getToday: { query: todayQuery, responses: { 200: todayResponse } },
  markTodaySeen: { body: todaySeenRequest, responses: { 204: empty } },
  // 200 whether it is the block's first check-in or replaces an earlier one
  checkIn: { body: checkInRequest, responses: { 200: checkInResponse } },

  listEvents: { query: listEventsQuery, responses: { 200: listEventsResponse } },
  createEvent: {
    body: createEventRequest,
    responses: { 200: eventResponse, 201: eventResponse },
  },
  // with occurrence and scope the body is an occurrence edit (updateOccurrenceRequest) and
  // the answer is occurrenceResponse; the handler picks the body's schema from the query
  updateEvent: {
    query: occurrenceQuery,
    body: z.union([updateEventRequest, updateOccurrenceRequest]),
    bodyFor: (q: OccurrenceQuery) =>
      q.occurrence && q.scope ? updateOccurrenceRequest : updateEventRequest,
    responses: { 200: z.union([eventResponse, occurrenceResponse]) },
  },
  deleteEvent: { query: occurrenceQuery, responses: { 200: deleteEventResponse } },
  issueCalendarToken: { responses: { 200: calendarTokenResponse } },
  getCalendarToken: { responses: { 200: calendarTokenResponse } },
  calendarFeed: {
    params: z.object({ file: z.string() }),
    query: z.object({ download: z.string().optional() }),
    responses: { 200: { raw: "text/calendar" }, 304: empty },
  },

  listConnections: { responses: { 200: listConnectionsResponse } },
  createConnection: { body: createConnectionRequest, responses: { 201: connectionResponse } },
  updateConnection: {
    params: idParam,
    body: updateConnectionRequest,
    responses: { 200: connectionResponse },
  },
  syncConnection: { params: idParam, responses: { 200: connectionResponse } },
  deleteConnection: { params: idParam, query: deleteConnectionQuery, responses: { 204: empty } },
  startGoogleConnection: { responses: { 302: redirect } },
  googleCalendarConsent: { responses: { 302: redirect } },
  googleConnectionCallback: { responses: { 302: redirect } },
  googlePushNotification: { responses: { 200: empty } },
  // 200: Graph's validationToken echoed as text/plain; 202: notifications accepted
  microsoftPushNotification: { responses: { 200: { raw: "text/plain" }, 202: empty } },
  // the same: the validation echo, or lifecycle notifications accepted
  microsoftLifecycleNotification: { responses: { 200: { raw: "text/plain" }, 202: empty } },
  startMicrosoftConnection: { responses: { 302: redirect } },
  microsoftCalendarConsent: { responses: { 302: redirect } },
  microsoftConnectionCallback: { responses: { 302: redirect } },

  onboardingQuestions: {
    body: questionsRequest,
    bodyOptional: true,
    responses: { 200: questionsResponse },
  },
  onboardingContext: {
    body: contextRequest,
    bodyOptional: true,
    responses: { 200: contextResponse },
  },
  generateProductivityProfile: {
    body: productivityAnswers,
    responses: { 200: generateProductivityResponse },
  },
  generateFitnessProgram: {
    body: generateFitnessRequest,
    responses: { 200: generateFitnessResponse },
  },
  saveFitnessProgram: { body: saveFitnessRequest, responses: { 200: saveFitnessResponse } },
  getFitnessProgram: { responses: { 200: savedFitnessProgramResponse } },
  // no body: the routines come from the saved program (201 whether or not any was new)
  addProgramRoutines: { responses: { 201: programRoutinesResponse } },
  getVotes: { responses: { 200: votesResponse } },
  castVote: { body: voteRequest, bodyOptional: true, responses: { 200: voteResponse } },

  listPlans: { responses: { 200: plansResponse } },
  createCheckout: { body: createCheckoutRequest, responses: { 200: urlResponse } },
  createPortal: { body: createPortalRequest, bodyOptional: true, responses: { 200: urlResponse } },
  verifyPayment: { body: sessionIdRequest, responses: { 200: verifyPaymentResponse } },
  demoCheckoutSession: {
    params: z.object({ id: z.string() }),
    responses: { 200: demoCheckoutSession },
  },
  demoCompleteCheckout: { body: sessionIdRequest, responses: { 200: demoCompleteResponse } },
  demoChangePlan: { body: demoChangePlanRequest, responses: { 200: subscriptionResponse } },
  demoCancelSubscription: { responses: { 200: subscriptionResponse } },
  // the signed bytes are read raw, outside the JSON parser (routes/stripe-webhook.ts)
  stripeWebhook: { responses: { 200: webhookResponse } },
} as const satisfies { [K in EndpointName]: RouteSchemas };

export type Routes = typeof routes;

/** What a caller sends to endpoint K (before the server's defaults and transforms). */
export type RouteInput<K extends EndpointName> = {
  [P in "params" | "query" | "body" as Routes[K] extends Record<P, z.ZodType>
    ? P
    : never]: Routes[K] extends Record<P, infer S extends z.ZodType> ? z.input<S> : never;
};

/** The JSON a status of endpoint K answers with (undefined for a response without a body). */
export type ResponseBody<R extends ResponseSchema> = R extends z.ZodType ? z.output<R> : undefined;

/** Endpoint K's 2xx answers, as the client receives them. */
export type RouteOutput<K extends EndpointName> = {
  [S in keyof Routes[K]["responses"]]: S extends 200 | 201 | 202 | 204
    ? ResponseBody<Routes[K]["responses"][S] & ResponseSchema>
    : never;
}[keyof Routes[K]["responses"]];
