import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

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
    subscriptionTier: text("subscription_tier").notNull().default("free"),
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
    check("profiles_tier_check", sql`${t.subscriptionTier} in ('free', 'starter', 'pro')`),
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
    role: text("role").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    check("messages_role_check", sql`${t.role} in ('user', 'assistant')`),
  ],
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

/** Tasks the assistant schedules into calendar blocks. */
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
    priority: text("priority").notNull().default("medium"),
    energy: text("energy").notNull().default("medium"),
    splittable: boolean("splittable").notNull().default(true),
    minChunkMinutes: integer("min_chunk_minutes").notNull().default(25),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tasks_user_idx").on(t.userId, t.status)],
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
    priority: text("priority").notNull().default("medium"),
    url: text("url"),
    recurrenceFrequency: text("recurrence_frequency"),
    recurrenceInterval: integer("recurrence_interval"),
    recurrenceByDay: text("recurrence_by_day"),
    recurrenceByMonthDay: integer("recurrence_by_month_day"),
    recurrenceUntil: timestamp("recurrence_until", { withTimezone: true }),
    recurrenceCount: integer("recurrence_count"),
    source: text("source").notNull().default("user"),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** Optimistic-concurrency version for updates; also the feed's SEQUENCE. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("calendar_events_user_start_idx").on(t.userId, t.startTime),
    check("calendar_events_priority_check", sql`${t.priority} in ('low', 'medium', 'high')`),
    check("calendar_events_source_check", sql`${t.source} in ('user', 'assistant')`),
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
    provider: text("provider").notNull(),
    tier: text("tier").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId)],
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
