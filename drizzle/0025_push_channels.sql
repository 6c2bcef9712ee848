CREATE TABLE "push_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel_id" text NOT NULL,
	"resource_id" text,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "push_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_channels" ADD CONSTRAINT "push_channels_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_channels" ADD CONSTRAINT "push_channels_calendar_id_connection_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connection_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_channels" ADD CONSTRAINT "push_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_channels_channel_key" ON "push_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "push_channels_connection_idx" ON "push_channels" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "push_channels_expires_idx" ON "push_channels" USING btree ("expires_at");