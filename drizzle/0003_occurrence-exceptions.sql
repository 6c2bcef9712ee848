ALTER TABLE "calendar_events" ADD COLUMN "exdates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "recurrence_id" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_override_key" ON "calendar_events" USING btree ("series_id","recurrence_id") WHERE "calendar_events"."deleted_at" is null and "calendar_events"."series_id" is not null;