import type {
  EventFieldsInput,
  EventResponse,
  ListEventsResponse,
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
};

const path = (id: string) => `/api/calendar-events?eventId=${encodeURIComponent(id)}`;

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
};
