import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BILLING_PROVIDERS, CHECKOUT_STATUSES } from "../../core/contract/billing.ts";
import { BOOKING_STATUSES } from "../../core/contract/booking.ts";
import { EVENT_SOURCES, FREQUENCIES, PRIORITIES } from "../../core/contract/calendar.ts";
import { MESSAGE_ROLES } from "../../core/contract/chat.ts";
import { CONNECTION_KINDS, CONNECTION_STATUSES } from "../../core/contract/connections.ts";
import { SIGNAL_KINDS, SIGNAL_SOURCES } from "../../core/contract/insights.ts";
import { PLAN_NOTE_KINDS } from "../../core/contract/plan-notes.ts";
import { TASK_LEVELS, TASK_STATUSES } from "../../core/contract/tasks.ts";
import { CHECK_IN_OUTCOMES } from "../../core/contract/today.ts";
import { PAID_TIERS, TIERS } from "../../core/plans.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Enum-like text columns take their values from src/core (`text(..., { enum })` types the
 * rows) and the database keeps to them with a CHECK built from the same list, so a value
 * the code does not know can neither be written nor read back.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

/** 'sage' while Sage manages a block it wrote; 'theirs' once the person changed it outside. */
export const WRITE_OWNERS = ["sage", "theirs"] as const;

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    googleSub: text("google_sub"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
  ],
);

/** One row per signed-in device. Only the SHA-256 of the refresh secret is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    subscriptionTier: text("subscription_tier", { enum: TIERS }).notNull().default("free"),
    subscriptionStatus: text("subscription_status").notNull().default("inactive"),
    monthlyUsage: integer("monthly_usage").notNull().default(0),
    monthlyUsageLimit: integer("monthly_usage_limit").notNull().default(15),
    /** 'YYYY-MM' (UTC) the usage counter belongs to; a new month resets it atomically. */
    usagePeriod: text("usage_period")
      .notNull()
      .default(sql`to_char(now() at time zone 'utc', 'YYYY-MM')`),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    timezone: text("timezone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_tier_check", oneOf(t.subscriptionTier, TIERS)),
    check("profiles_usage_nonneg", sql`${t.monthlyUsage} >= 0`),
    uniqueIndex("profiles_stripe_customer_key").on(t.stripeCustomerId),
  ],
);

export const domainContexts = pgTable(
  "domain_contexts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    contextSummary: text("context_summary").notNull().default(""),
    questionsResponses: jsonb("questions_responses").notNull().default({}),
    /**
     * Structured data derived from the answers: the productivity scheduling profile, or the
     * fitness program.
     */
    profileData: jsonb("profile_data"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("domain_contexts_user_domain_key").on(t.userId, t.domain)],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domainContextId: uuid("domain_context_id").references(() => domainContexts.id, {
      onDelete: "set null",
    }),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("conversations_user_updated_idx").on(t.userId, t.updatedAt)],
);

/** One row per message, so two tabs appending to one conversation never lose each other's turns. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: MESSAGE_ROLES }).notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    check("messages_role_check", oneOf(t.role, MESSAGE_ROLES)),
  ],
);

/**
 * One row per chat turn in flight: the unit of monthly allowance it holds. Exactly one of the
 * turn's store (commit) and its refund deletes the row, in the same transaction as what it
 * does, so a unit is given back at most once and only when nothing was stored; a refund can
 * therefore be retried blindly, and a row a dead process left behind is refunded by a
 * periodic job.
 */
export const chatReservations = pgTable(
  "chat_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The 'YYYY-MM' the unit was taken from (a refund never touches another month). */
    period: text("period").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_reservations_created_idx").on(t.createdAt)],
);

/**
 * A deleted account's monthly usage, remembered until its month ends so that deleting the
 * account and signing up again with the same e-mail does not reset the allowance. Keyed by
 * a one-way hash of the e-mail (HMAC-SHA-256 under the session secret): it holds no address,
 * no account id — only the hash, the month and a count.
 */
export const usageCarryovers = pgTable(
  "usage_carryovers",
  {
    emailHash: text("email_hash").primaryKey(),
    /** 'YYYY-MM' (UTC) the count belongs to; rows of past months are purged on write. */
    period: text("period").notNull(),
    monthlyUsage: integer("monthly_usage").notNull(),
  },
  (t) => [check("usage_carryovers_usage_nonneg", sql`${t.monthlyUsage} >= 0`)],
);

export const usageLogs = pgTable(
  "usage_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionType: text("action_type").notNull(),
    domain: text("domain"),
    tokensUsed: integer("tokens_used").notNull().default(0),
    costCents: integer("cost_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("usage_logs_user_idx").on(t.userId, t.createdAt)],
);

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    domain: text("domain"),
    createdAt: createdAt(),
  },
  (t) => [index("activity_logs_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Tasks the assistant schedules into calendar blocks. Ids may come from the client, so a
 * replayed create is idempotent; a deleted task keeps a tombstone (deleted_at, its title
 * cleared) so a replayed create cannot bring it back. Tombstones go after 30 days.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    deadline: timestamp("deadline", { withTimezone: true }),
    priority: text("priority", { enum: TASK_LEVELS }).notNull().default("medium"),
    energy: text("energy", { enum: TASK_LEVELS }).notNull().default("medium"),
    splittable: boolean("splittable").notNull().default(true),
    minChunkMinutes: integer("min_chunk_minutes").notNull().default(25),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // live tasks only: lists, the cap and the planner never walk tombstones
    index("tasks_user_idx").on(t.userId, t.status).where(sql`${t.deletedAt} is null`),
    // the purge of a user's old tombstones
    index("tasks_user_tombstones_idx")
      .on(t.userId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    check("tasks_priority_check", oneOf(t.priority, TASK_LEVELS)),
    check("tasks_energy_check", oneOf(t.energy, TASK_LEVELS)),
    check("tasks_status_check", oneOf(t.status, TASK_STATUSES)),
  ],
);

/**
 * A routine (issue 29): n sessions a week of `minutes`, on some of `days` (ISO weekdays
 * 1–7), inside a daily window (minutes from local midnight). The planner places its sessions
 * as blocks (calendar_events.routine_id). Deleted outright: its future sessions go with it
 * (delete-routine.ts), its past ones stay as they were (routine_id set null).
 */
export const routines = pgTable(
  "routines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    minutes: integer("minutes").notNull(),
    timesPerWeek: integer("times_per_week").notNull(),
    days: jsonb("days").$type<number[]>().notNull(),
    windowStart: integer("window_start").notNull(),
    windowEnd: integer("window_end").notNull(),
    energy: text("energy", { enum: TASK_LEVELS }).notNull().default("medium"),
    priority: text("priority", { enum: TASK_LEVELS }).notNull().default("medium"),
    /**
     * Local days (ISO dates) the person skipped a session on ("skip gym today"): that day's
     * session counts for its week and is not placed again. Bounded: only the last 14 days
     * are kept (skip-routine-session.ts).
     */
    skipped: jsonb("skipped").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("routines_user_idx").on(t.userId, t.createdAt),
    check("routines_energy_check", oneOf(t.energy, TASK_LEVELS)),
    check("routines_priority_check", oneOf(t.priority, TASK_LEVELS)),
    check(
      "routines_window_check",
      sql`${t.windowStart} >= 0 and ${t.windowEnd} <= 1440 and ${t.windowStart} + ${t.minutes} <= ${t.windowEnd}`,
    ),
    check("routines_times_check", sql`${t.timesPerWeek} between 1 and 7`),
  ],
);

/**
 * Ids are generated by the client (UUID), so replaying a queued offline create is idempotent.
 * Deleted events keep a tombstone (deleted_at) so a replayed delete stays a no-op.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }),
    /** All-day events store dates as midnight UTC (end exclusive) and repeat by date. */
    allDay: boolean("all_day").notNull().default(false),
    location: text("location"),
    reminderMinutes: integer("reminder_minutes"),
    category: text("category"),
    priority: text("priority", { enum: PRIORITIES }).notNull().default("medium"),
    url: text("url"),
    recurrenceFrequency: text("recurrence_frequency", { enum: FREQUENCIES }),
    recurrenceInterval: integer("recurrence_interval"),
    recurrenceByDay: text("recurrence_by_day"),
    recurrenceByMonthDay: integer("recurrence_by_month_day"),
    recurrenceUntil: timestamp("recurrence_until", { withTimezone: true }),
    recurrenceCount: integer("recurrence_count"),
    /**
     * Occurrence starts (ISO instants) the series no longer produces itself: cancelled ones,
     * and ones replaced by an override row (series_id + recurrence_id). Series rows only.
     */
    exdates: jsonb("exdates").$type<string[]>().notNull().default([]),
    /** An override of one occurrence: the series it belongs to... */
    seriesId: uuid("series_id"),
    /** ...and the start of the occurrence it replaces, as the series defines it (RECURRENCE-ID). */
    recurrenceId: timestamp("recurrence_id", { withTimezone: true }),
    source: text("source", { enum: EVENT_SOURCES }).notNull().default("user"),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** A session of a routine the planner placed (issue 29); null for everything else. */
    routineId: uuid("routine_id").references((): AnyPgColumn => routines.id, {
      onDelete: "set null",
    }),
    /**
     * A planned block's reason, in words, from the scheduler's own reasons ("Your peak
     * (8–11) — the hardest work of the day; due Thursday"). Null for everything else.
     */
    why: text("why"),
    /**
     * A guest's confirmed booking through a booking link: the guest's name (null for every
     * other event). Its time is fixed — Sage cannot tell the guest of a new one — and it is
     * cancelled as a booking, which deletes the event (booking/booked-event.ts).
     */
    bookedBy: text("booked_by"),
    /** Optimistic-concurrency version for updates; also the feed's SEQUENCE. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("calendar_events_user_start_idx").on(t.userId, t.startTime),
    // the list's pages: a keyset on id within one user's events (GET /api/calendar-events)
    index("calendar_events_user_id_idx").on(t.userId, t.id),
    // a task's blocks: purging a task tombstone clears their task_id (ON DELETE SET NULL),
    // which without this index scans every event of every user once per purged task
    index("calendar_events_task_idx").on(t.taskId).where(sql`${t.taskId} is not null`),
    // a routine's sessions (its deletion removes the future ones and unlinks the past)
    index("calendar_events_routine_idx").on(t.routineId).where(sql`${t.routineId} is not null`),
    // blocks that just ended, found across people by the re-plan sweep (replan-worker.ts)
    index("calendar_events_block_end_idx")
      .on(t.endTime)
      .where(sql`${t.taskId} is not null and ${t.deletedAt} is null`),
    // one live override per occurrence, so a replayed or concurrent edit cannot duplicate it
    uniqueIndex("calendar_events_override_key")
      .on(t.seriesId, t.recurrenceId)
      .where(sql`${t.deletedAt} is null and ${t.seriesId} is not null`),
    check("calendar_events_priority_check", oneOf(t.priority, PRIORITIES)),
    check("calendar_events_source_check", oneOf(t.source, EVENT_SOURCES)),
    check("calendar_events_frequency_check", oneOf(t.recurrenceFrequency, FREQUENCIES)),
  ],
);

/**
 * A change the assistant made, shown as a card under its reply, with what Undo needs to put
 * things back exactly. The message is linked when the reply is stored; undoing sets
 * undone_at once (a second Undo is a no-op).
 */
export const assistantActions = pgTable(
  "assistant_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    card: jsonb("card").notNull(),
    undo: jsonb("undo").notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /**
     * A proposal waiting for Yes (issue 28): the calls it would run. Cleared when it is
     * answered (Yes runs them, No drops them) or when a newer proposal replaces it.
     */
    proposal: jsonb("proposal"),
    createdAt: createdAt(),
  },
  (t) => [
    index("assistant_actions_message_idx").on(t.messageId),
    index("assistant_actions_user_idx").on(t.userId, t.createdAt),
  ],
);

/** One active feed token per user; rotating replaces it, so the old URL dies at once. */
export const calendarTokens = pgTable("calendar_tokens", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The version of each user's calendar: it rises in the same transaction as every insert,
 * update or delete of their calendar_events — a deferred trigger does it (migration
 * calendar_versions), so no writer can forget it — and caches of what is built from the
 * calendar (the feed) are keyed by it, which keeps them correct on every instance.
 */
export const calendarVersions = pgTable("calendar_versions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

/**
 * A user's task-list version: bumped by a trigger in the transaction of every change to
 * their tasks (drizzle/0009), like calendar_versions for events; the task list's cache is
 * checked against it.
 */
export const taskVersions = pgTable("task_versions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

/**
 * "How you work" as the person edited it (GET/PUT /api/plan/profile, decision 031). No row,
 * or `profile` null: the profile follows the questionnaire (domain_contexts 'productivity'),
 * read afresh on every plan. `version` rises on every save and when the questionnaire is
 * answered again (which hands the profile back to the answers); a PUT names the version it
 * was made from.
 */
export const planProfiles = pgTable("plan_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  profile: jsonb("profile"),
  version: integer("version").notNull().default(0),
  updatedAt: updatedAt(),
});

export const sageVotes = pgTable("sage_votes", {
  sageId: text("sage_id").primaryKey(),
  count: integer("count").notNull().default(0),
});

/** Who voted for what, so one voter counts once per assistant. */
export const voteLedger = pgTable(
  "vote_ledger",
  {
    sageId: text("sage_id").notNull(),
    voterKey: text("voter_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sageId, t.voterKey] })],
);

/** Checkout sessions of either billing provider (demo or Stripe), bound to their user. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull(),
    tier: text("tier", { enum: PAID_TIERS }).notNull(),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("checkout_sessions_user_idx").on(t.userId),
    check("checkout_sessions_provider_check", oneOf(t.provider, BILLING_PROVIDERS)),
    check("checkout_sessions_tier_check", oneOf(t.tier, PAID_TIERS)),
    check("checkout_sessions_status_check", oneOf(t.status, CHECKOUT_STATUSES)),
  ],
);

/** Processed webhook event ids: a replayed delivery is recognised and skipped. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * A calendar the person connected (issue 16): an iCalendar address, a CalDAV account or
 * Google. Secrets (the ICS address itself, passwords, tokens) live only in `credentials`,
 * sealed with AES-256-GCM. The lease columns let one instance at a time sync it.
 */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONNECTION_KINDS }).notNull(),
    name: text("name").notNull(),
    /** Sealed JSON: { url, username?, password?, refreshToken? }. Never returned, never logged. */
    credentials: text("credentials").notNull(),
    status: text("status", { enum: CONNECTION_STATUSES }).notNull().default("ok"),
    error: text("error"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    eventCount: integer("event_count").notNull().default(0),
    writeCalendarId: uuid("write_calendar_id"),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** A push notification asked for a sync not started yet (cleared by the next claim). */
    pushRequestedAt: timestamp("push_requested_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("calendar_connections_user_idx").on(t.userId),
    check("calendar_connections_kind_check", oneOf(t.kind, CONNECTION_KINDS)),
    check("calendar_connections_status_check", oneOf(t.status, CONNECTION_STATUSES)),
  ],
);

/** One calendar of a connection (an ICS address has exactly one), with its sync state. */
export const connectionCalendars = pgTable(
  "connection_calendars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The calendar's URL (CalDAV), id (Google), or "ics". */
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    color: text("color"),
    busy: boolean("busy").notNull().default(true),
    writable: boolean("writable").notNull().default(false),
    /** Incremental sync state: RFC 6578 sync token / Google syncToken, CTag, HTTP validators. */
    syncToken: text("sync_token"),
    ctag: text("ctag"),
    httpEtag: text("http_etag"),
    httpLastModified: text("http_last_modified"),
    /**
     * Events of the calendar's last whole read that Sage could not read or follow, left out:
     * how many, and the first titles ({count, titles}); null when every event was read.
     */
    unreadable: jsonb("unreadable").$type<{ count: number; titles: string[] }>(),
    /**
     * When the provider last refused a push channel on this calendar (decision 041): the
     * periodic job tries again only PUSH_RETRY_HOURS later; polling covers it meanwhile.
     */
    pushFailedAt: timestamp("push_failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("connection_calendars_external_key").on(t.connectionId, t.externalId)],
);

/**
 * A push channel Sage opened on one calendar of a connection (decision 041): a Google
 * events.watch channel or a Microsoft Graph subscription. `channelId` is the channel's id
 * (Google) or the subscription's id (Graph); `token` is the random secret the provider echoes
 * back on every notification (Google's X-Goog-Channel-Token, Graph's clientState) — never
 * returned, never exported. Renewed before `expiresAt`; stopped when the connection goes.
 */
export const pushChannels = pgTable(
  "push_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectionCalendars.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: text("channel_id").notNull(),
    /** Google's resourceId (needed by channels.stop); null for Graph. */
    resourceId: text("resource_id"),
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_channels_channel_key").on(t.channelId),
    // one channel per calendar: a renewal and a lifecycle replacement (or a reopen) racing on
    // one calendar cannot both keep theirs (decision 041)
    uniqueIndex("push_channels_calendar_key").on(t.calendarId),
    index("push_channels_connection_idx").on(t.connectionId),
    index("push_channels_expires_idx").on(t.expiresAt),
  ],
);

/**
 * One stored series of a connected calendar (every VEVENT with one UID, as jCal), expanded
 * into occurrences on read. first_start/last_end are coarse bounds for the range prefilter.
 */
export const externalEvents = pgTable(
  "external_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectionCalendars.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The resource's href (CalDAV, Google id) or the UID (ICS): unique in its calendar. */
    resourceKey: text("resource_key").notNull(),
    uid: text("uid").notNull(),
    etag: text("etag"),
    series: jsonb("series").notNull(),
    firstStart: timestamp("first_start", { withTimezone: true }).notNull(),
    lastEnd: timestamp("last_end", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("external_events_resource_key").on(t.calendarId, t.resourceKey),
    index("external_events_user_start_idx").on(t.userId, t.firstStart),
    index("external_events_connection_idx").on(t.connectionId),
  ],
);

/**
 * A block of Sage's written into a connected calendar (the connection's write calendar):
 * where it lives, its ETag, and what Sage last wrote, so a change made by the person is
 * recognised (the block is then theirs and never overwritten). Sage only ever changes or
 * deletes resources listed here.
 */
export const externalWrites = pgTable(
  "external_writes",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectionCalendars.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    href: text("href").notNull(),
    uid: text("uid").notNull(),
    etag: text("etag"),
    /** start|end|title Sage last wrote. */
    written: text("written").notNull(),
    owner: text("owner", { enum: WRITE_OWNERS }).notNull().default("sage"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.calendarId] }),
    index("external_writes_connection_idx").on(t.connectionId),
    check("external_writes_owner_check", oneOf(t.owner, WRITE_OWNERS)),
  ],
);

/**
 * What Sage tells the person about their plan that they did not see happen: e.g. a block
 * they deleted in their own calendar (its task is planned again elsewhere). Newest first,
 * until dismissed. The person's own: in the export, gone with the account.
 */
export const planNotes = pgTable(
  "plan_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PLAN_NOTE_KINDS }).notNull(),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** The block's title when the note was made (the task may be renamed or deleted). */
    title: text("title").notNull(),
    /** What the note adds after the title (a move's new time and its cause), as said. */
    detail: text("detail"),
    /** What Undo puts back (an automatic move): the blocks it created and removed. */
    undo: jsonb("undo").$type<{
      created: string[];
      removed: string[];
      /** A "learned" note: Undo forgets the evidence behind this (issue 27). */
      learned?: "hours" | "estimate";
    }>(),
    createdAt: createdAt(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    index("plan_notes_user_idx").on(t.userId, t.createdAt),
    check("plan_notes_kind_check", oneOf(t.kind, PLAN_NOTE_KINDS)),
  ],
);

/**
 * A person whose plan rests on something that changed (drizzle/0015's triggers write it on
 * every change to their events, tasks or connected calendars; check-ins and profile edits
 * ask explicitly). One row per person, so a burst of changes is one re-plan: `due_at` moves
 * with each change, but never past `first_at` + 2 s. A worker on any instance claims a due
 * row (`claimed_until`, a lease) and removes it after the re-plan if `generation` did not
 * move meanwhile. See src/server/planning/replan-worker.ts.
 */
export const replanRequests = pgTable(
  "replan_requests",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    generation: integer("generation").notNull().default(1),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [index("replan_requests_due_idx").on(t.dueAt)],
);

/**
 * Whether Sage keeps a person's plan up to date by itself: from their first plan on, with the
 * horizon they asked for last (days from the plan's day).
 */
export const planStates = pgTable("plan_states", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  auto: boolean("auto").notNull().default(true),
  horizonDays: integer("horizon_days").notNull().default(7),
  /** The language the person planned in last: automatic notes and reasons are said in it. */
  locale: text("locale").notNull().default("en-US"),
  /**
   * Times the person threw back from a proposed plan, per task: no plan puts that task there
   * again. Bounded (plan-tasks.ts keeps the newest MAX_AVOIDED, and drops those past).
   */
  avoid: jsonb("avoid")
    .$type<{ taskId: string; start: string; end: string }[]>()
    .notNull()
    .default([]),
  plannedAt: timestamp("planned_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * What the person asked of learning (issue 27): per thing learned, "don't learn this"
   * (`off`) and Undo (`since`: evidence from before it no longer counts), ISO instants.
   */
  steering: jsonb("steering")
    .$type<{
      hours: { off: boolean; since?: string };
      estimate: { off: boolean; since?: string };
    }>()
    .notNull()
    .default({ hours: { off: false }, estimate: { off: false } }),
  /**
   * What the last plan took from the learned model: the peak in force (kept until the evidence
   * clearly says otherwise) and a signature of everything learned, so a plan after the model
   * changed moves every task to the hours that now suit it, and says so once.
   */
  learned: jsonb("learned").$type<{
    peak: { start: number; end: number } | null;
    signature: string;
    sentences: string[];
  }>(),
  /**
   * While a proposed plan waits for the person's decision (Preview plan), Sage does not re-plan
   * by itself — it would write what the proposal says is not written yet. Cleared by accepting,
   * discarding or planning; lapses by itself (PREVIEW_HOLD_MINUTES).
   */
  heldUntil: timestamp("held_until", { withTimezone: true }),
});

/**
 * Evidence of how the person actually works (issue 27): a check-in, a move of one of Sage's
 * blocks, a block left untouched, a task finished with the minutes it took. `key` names what
 * it is about ("check-in:<event>:<occurrence>", "finished:<task>", …): a second check-in of
 * a block replaces the first. Where the block sat is kept in the person's local time then
 * (weekday 1–7, minutes from midnight). The person's own: in the export, gone with the account.
 */
export const workSignals = pgTable(
  "work_signals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind", { enum: SIGNAL_KINDS }).notNull(),
    source: text("source", { enum: SIGNAL_SOURCES }).notNull(),
    energy: text("energy", { enum: TASK_LEVELS }).notNull(),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    weekday: integer("weekday"),
    minute: integer("minute"),
    lengthMinutes: integer("length_minutes"),
    /** partly: the minutes done. */
    minutes: integer("minutes"),
    /** moved: where to (local). */
    toWeekday: integer("to_weekday"),
    toMinute: integer("to_minute"),
    /** finished: the estimate and the minutes it really took. */
    estimateMinutes: integer("estimate_minutes"),
    actualMinutes: integer("actual_minutes"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("work_signals_key").on(t.userId, t.key),
    // the model's read: one person's newest evidence
    index("work_signals_user_idx").on(t.userId, t.createdAt),
    check("work_signals_kind_check", oneOf(t.kind, SIGNAL_KINDS)),
    check("work_signals_source_check", oneOf(t.source, SIGNAL_SOURCES)),
    check("work_signals_energy_check", oneOf(t.energy, TASK_LEVELS)),
  ],
);

/**
 * What the person said about one block (one occurrence of a repeating one): done, partly
 * (with the minutes of work done) or skipped. The raw evidence later learning reads, kept
 * exactly as said; one row per block occurrence — a second check-in replaces the first.
 * `planned_minutes` is the block's length when the person checked in (the block may move
 * later); `closed_task` records that this check-in marked the task done, so replacing it
 * with anything else opens the task again.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    /** The occurrence's start as the series defines it; null for a block that does not repeat. */
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: CHECK_IN_OUTCOMES }).notNull(),
    /** Minutes of work the person reported (partly: required; done: optional; skipped: none). */
    minutes: integer("minutes"),
    plannedMinutes: integer("planned_minutes").notNull(),
    closedTask: boolean("closed_task").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique("check_ins_occurrence_key").on(t.eventId, t.occurrenceStart).nullsNotDistinct(),
    // the planner's read: one person's check-ins of their open tasks
    index("check_ins_user_task_idx").on(t.userId, t.taskId),
    check("check_ins_outcome_check", oneOf(t.outcome, CHECK_IN_OUTCOMES)),
    check("check_ins_minutes_check", sql`${t.minutes} is null or ${t.minutes} > 0`),
  ],
);

/** When the person last looked at Today: what moved after it is "since you last looked". */
export const todaySeen = pgTable("today_seen", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});

/**
 * A booking link (issue 31): others book a meeting with the person from `/book/<slug>`. The
 * slug is random and unguessable; a deleted link keeps its row (its page says it is gone) and
 * its bookings. `days` null: the person's working days; `hours_*` null: their working hours.
 */
export const bookingLinks = pgTable(
  "booking_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** The name guests see ("Book a call with …"); never the person's e-mail. */
    hostName: text("host_name"),
    minutes: integer("minutes").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    noticeMinutes: integer("notice_minutes").notNull(),
    days: jsonb("days").$type<number[]>(),
    hoursFrom: text("hours_from"),
    hoursTo: text("hours_to"),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull(),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull(),
    maxPerDay: integer("max_per_day"),
    allowPeak: boolean("allow_peak").notNull().default(false),
    paused: boolean("paused").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_links_slug_idx").on(t.slug),
    index("booking_links_user_idx").on(t.userId, t.createdAt),
    check("booking_links_minutes_positive", sql`${t.minutes} > 0`),
  ],
);

/**
 * One guest's booking of a link: the meeting is also an event on the host's calendar
 * (`event_id`). `key_hash` lets the guest see it again (the key itself is only in their
 * answer). A cancelled booking keeps its row; its time is free again (its cells are gone).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => bookingLinks.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    note: text("note"),
    guestZone: text("guest_zone"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("confirmed"),
    keyHash: text("key_hash").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bookings_user_idx").on(t.userId, t.startTime),
    index("bookings_link_idx").on(t.linkId, t.startTime),
    check("bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_span_check", sql`${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * The quarter hours a confirmed booking holds on its host's calendar, one row each. The
 * primary key is what sells a slot exactly once (issue 31): two bookings that overlap anywhere
 * on one host's calendar — of the same link or of two — share a quarter hour, and the second
 * insert fails, on PostgreSQL and PGlite alike and across instances. Cancelling deletes them.
 */
export const bookingCells = pgTable(
  "booking_cells",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cell: timestamp("cell", { withTimezone: true }).notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cell] }),
    index("booking_cells_booking_idx").on(t.bookingId),
  ],
);
