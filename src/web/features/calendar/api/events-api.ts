import type {
  EventFieldsInput,
  OccurrenceResponse,
  Scope,
  ServerEvent,
} from "../../../../core/contract/calendar.ts";
import { call, urlOf } from "../../../lib/client.ts";
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

/** The URL that names some occurrences of a series. */
export const occurrencePath = (id: string, at: { occurrence: string; scope: Scope }) =>
  urlOf("deleteEvent", { query: { eventId: id, ...at } });

export const httpEventsTransport: EventsTransport = {
  list: () => withSession(() => call("listEvents", { query: {} })).then((r) => r.events),
  create: (id, fields) =>
    withSession(() => call("createEvent", { body: { id, ...fields } })).then((r) => r.event),
  // without occurrence and scope the answer is the event (occurrenceResponse carries one too)
  update: (id, fields) =>
    withSession(() => call("updateEvent", { query: { eventId: id }, body: fields })).then(
      (r) => r.event,
    ),
  remove: (id) =>
    withSession(() => call("deleteEvent", { query: { eventId: id } })).then(() => undefined),
  updateOccurrence: (id, at, fields) =>
    withSession(() =>
      call("updateEvent", { query: { eventId: id, ...at }, body: fields }),
    ) as Promise<OccurrenceResponse>,
  removeOccurrence: (id, at) =>
    withSession(() => call("deleteEvent", { query: { eventId: id, ...at } })).then(
      (r) => r.series ?? null,
    ),
};
