CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone,
	"task_id" uuid,
	"outcome" text NOT NULL,
	"minutes" integer,
	"planned_minutes" integer NOT NULL,
	"closed_task" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_occurrence_key" UNIQUE NULLS NOT DISTINCT("event_id","occurrence_start"),
	CONSTRAINT "check_ins_outcome_check" CHECK ("check_ins"."outcome" in ('done', 'partly', 'skipped')),
	CONSTRAINT "check_ins_minutes_check" CHECK ("check_ins"."minutes" is null or "check_ins"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "today_seen" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "today_seen" ADD CONSTRAINT "today_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_user_task_idx" ON "check_ins" USING btree ("user_id","task_id");