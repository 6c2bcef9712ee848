import {
  type EventFieldsInput,
  LIMITS,
  type OccurrenceResponse,
  type Scope,
  type ServerEvent,
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

/**
 * More pages than a calendar at the cap can fill (10,000 events at 500 a page, or 2 MB a
 * page of the longest events): a server that keeps answering a cursor past this is wrong.
 */
const MAX_PAGES = Math.ceil(LIMITS.eventsPerUser / 100);

/**
 * Every event of the list (with a range, those in it), following the server's pages
 * (`next_cursor`) from the first to the last; at most MAX_PAGES, else it throws.
 */
export async function listAllEvents(range?: { from: string; to: string }): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const query: { from?: string; to?: string; cursor?: string } = { ...range };
    if (cursor) query.cursor = cursor;
    const page = await withSession(() => call("listEvents", { query }));
    events.push(...page.events);
    cursor = page.next_cursor;
    if (!cursor) return events;
  }
  throw new Error(`the calendar list did not end after ${MAX_PAGES} pages`);
}

export const httpEventsTransport: EventsTransport = {
  list: () => listAllEvents(),
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
