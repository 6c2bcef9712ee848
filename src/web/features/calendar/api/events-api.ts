import type {
  DeleteEventResponse,
  EventFieldsInput,
  EventResponse,
  ListEventsResponse,
  OccurrenceResponse,
  Scope,
  ServerEvent,
} from "../../../../core/contract/calendar.ts";
import { api } from "../../../lib/api.ts";
import { withSession } from "./with-session.ts";

/** What the sync engine needs of the server (a fake stands in for it in tests). */
export type EventsTransport = {
  list(): Promise<ServerEvent[]>;
  create(id: string, fields: EventFieldsInput): Promise<ServerEvent>;
  update(id: string, fields: EventFieldsInput & { version?: number }): Promise<ServerEvent>;
  remove(id: string): Promise<void>;
  /** Changes some occurrences of a repeating event (see the API's `occurrence` and `scope`). */
  updateOccurrence(
    id: string,
    at: { occurrence: string; scope: Scope },
    fields: EventFieldsInput & { version?: number; id?: string },
  ): Promise<OccurrenceResponse>;
  /** Answers the series as it now stands (null when the whole series went). */
  removeOccurrence(
    id: string,
    at: { occurrence: string; scope: Scope },
  ): Promise<ServerEvent | null>;
};

const path = (id: string) => `/api/calendar-events?eventId=${encodeURIComponent(id)}`;
/** The query string that names some occurrences of a series. */
export const occurrencePath = (id: string, at: { occurrence: string; scope: Scope }) =>
  `${path(id)}&occurrence=${encodeURIComponent(at.occurrence)}&scope=${at.scope}`;

export const httpEventsTransport: EventsTransport = {
  list: () =>
    withSession(() => api<ListEventsResponse>("/api/calendar-events")).then((r) => r.events),
  create: (id, fields) =>
    withSession(() =>
      api<EventResponse>("/api/calendar-events", { method: "POST", body: { id, ...fields } }),
    ).then((r) => r.event),
  update: (id, fields) =>
    withSession(() => api<EventResponse>(path(id), { method: "PUT", body: fields })).then(
      (r) => r.event,
    ),
  remove: (id) =>
    withSession(() => api<unknown>(path(id), { method: "DELETE" })).then(() => undefined),
  updateOccurrence: (id, at, fields) =>
    withSession(() =>
      api<OccurrenceResponse>(occurrencePath(id, at), { method: "PUT", body: fields }),
    ),
  removeOccurrence: (id, at) =>
    withSession(() => api<DeleteEventResponse>(occurrencePath(id, at), { method: "DELETE" })).then(
      (r) => r.series ?? null,
    ),
};
