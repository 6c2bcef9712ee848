import { z } from "zod";

/** Connected calendars (issue 16): the API shapes the server validates with and the UI types by. */

export const CONNECTION_KINDS = ["ics", "caldav", "google", "microsoft"] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
export const CONNECTION_STATUSES = ["ok", "error", "syncing"] as const;

export const CONNECTION_LIMITS = {
  perUser: 10,
  url: 2048,
  name: 100,
  username: 256,
  password: 1024,
} as const;

const address = z
  .string("url is required")
  .trim()
  .min(1, "url is required")
  .max(CONNECTION_LIMITS.url, `url must be at most ${CONNECTION_LIMITS.url} characters`);

const name = z
  .string("name must be text")
  .trim()
  .min(1, "name must not be empty")
  .max(CONNECTION_LIMITS.name, `name must be at most ${CONNECTION_LIMITS.name} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "name must not contain control characters");

export const createConnectionRequest = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("ics"), url: address, name: name.optional() }),
    z.strictObject({
      kind: z.literal("caldav"),
      url: address,
      username: z
        .string("username is required")
        .min(1, "username is required")
        .max(CONNECTION_LIMITS.username),
      password: z
        .string("password is required")
        .min(1, "password is required")
        .max(CONNECTION_LIMITS.password),
      name: name.optional(),
    }),
  ],
  {
    error:
      'kind must be "ics" or "caldav" (Google and Microsoft connect through /api/connections/google/start and /api/connections/microsoft/start)',
  },
);
export type CreateConnectionRequest = z.infer<typeof createConnectionRequest>;

export const updateConnectionRequest = z.strictObject({
  calendars: z
    .array(z.strictObject({ id: z.uuid("calendar id must be a UUID"), busy: z.boolean() }))
    .max(200)
    .optional(),
  writeCalendarId: z.uuid("writeCalendarId must be a UUID").nullable().optional(),
  name: name.optional(),
});
export type UpdateConnectionRequest = z.infer<typeof updateConnectionRequest>;

export const deleteConnectionQuery = z.object({
  removeBlocks: z.enum(["0", "1"], "removeBlocks must be 0 or 1").optional(),
});

export const connectionCalendar = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string().optional(),
  busy: z.boolean(),
  writable: z.boolean(),
});

export const connection = z.object({
  id: z.uuid(),
  kind: z.enum(CONNECTION_KINDS),
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  lastSyncedAt: z.string().nullable(),
  eventCount: z.number().int(),
  /** A plain sentence to show the person; absent when the last sync went well. */
  error: z.string().optional(),
  /**
   * Events its calendars hold that Sage could not read or follow and left out (the rest is
   * read as usual, and the status stays "ok"): how many, and the first titles. Absent: none.
   */
  unreadable: z.object({ count: z.number().int(), titles: z.array(z.string()) }).optional(),
  calendars: z.array(connectionCalendar),
  writeCalendarId: z.string().nullable(),
  /**
   * How changes reach Sage (decision 041): "push" — the provider notifies Sage within seconds
   * (a live channel), polled hourly as a backstop; "poll" — read every 15 minutes.
   */
  updates: z.enum(["push", "poll"]),
});
export type Connection = z.infer<typeof connection>;

export const connectionResponse = z.object({ connection });
export const listConnectionsResponse = z.object({ connections: z.array(connection) });
export type ListConnectionsResponse = z.infer<typeof listConnectionsResponse>;
