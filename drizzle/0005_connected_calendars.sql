CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"credentials" text NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"error" text,
	"last_synced_at" timestamp with time zone,
	"event_count" integer DEFAULT 0 NOT NULL,
	"write_calendar_id" uuid,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_kind_check" CHECK ("calendar_connections"."kind" in ('ics', 'caldav', 'google')),
	CONSTRAINT "calendar_connections_status_check" CHECK ("calendar_connections"."status" in ('ok', 'error', 'syncing'))
);
--> statement-breakpoint
CREATE TABLE "connection_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"busy" boolean DEFAULT true NOT NULL,
	"writable" boolean DEFAULT false NOT NULL,
	"sync_token" text,
	"ctag" text,
	"http_etag" text,
	"http_last_modified" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendar_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"resource_key" text NOT NULL,
	"uid" text NOT NULL,
	"etag" text,
	"series" jsonb NOT NULL,
	"first_start" timestamp with time zone NOT NULL,
	"last_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "external_writes" (
	"event_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"href" text NOT NULL,
	"uid" text NOT NULL,
	"etag" text,
	"written" text NOT NULL,
	"owner" text DEFAULT 'sage' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_writes_event_id_calendar_id_pk" PRIMARY KEY("event_id","calendar_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_calendars" ADD CONSTRAINT "connection_calendars_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_calendars" ADD CONSTRAINT "connection_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_events" ADD CONSTRAINT "external_events_calendar_id_connection_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connection_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_events" ADD CONSTRAINT "external_events_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_events" ADD CONSTRAINT "external_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_writes" ADD CONSTRAINT "external_writes_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_writes" ADD CONSTRAINT "external_writes_calendar_id_connection_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connection_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_writes" ADD CONSTRAINT "external_writes_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_writes" ADD CONSTRAINT "external_writes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_user_idx" ON "calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_calendars_external_key" ON "connection_calendars" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_events_resource_key" ON "external_events" USING btree ("calendar_id","resource_key");--> statement-breakpoint
CREATE INDEX "external_events_user_start_idx" ON "external_events" USING btree ("user_id","first_start");--> statement-breakpoint
CREATE INDEX "external_events_connection_idx" ON "external_events" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "external_writes_connection_idx" ON "external_writes" USING btree ("connection_id");