CREATE TABLE "work_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"energy" text NOT NULL,
	"task_id" uuid,
	"weekday" integer,
	"minute" integer,
	"length_minutes" integer,
	"minutes" integer,
	"to_weekday" integer,
	"to_minute" integer,
	"estimate_minutes" integer,
	"actual_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_signals_key" UNIQUE("user_id","key"),
	CONSTRAINT "work_signals_kind_check" CHECK ("work_signals"."kind" in ('done', 'partly', 'skipped', 'moved', 'untouched', 'finished')),
	CONSTRAINT "work_signals_source_check" CHECK ("work_signals"."source" in ('today', 'week', 'assistant', 'calendar', 'tasks', 'sage')),
	CONSTRAINT "work_signals_energy_check" CHECK ("work_signals"."energy" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "plan_notes" DROP CONSTRAINT "plan_notes_kind_check";--> statement-breakpoint
ALTER TABLE "plan_states" ADD COLUMN "steering" jsonb DEFAULT '{"hours":{"off":false},"estimate":{"off":false}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_states" ADD COLUMN "learned" jsonb;--> statement-breakpoint
ALTER TABLE "work_signals" ADD CONSTRAINT "work_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_signals" ADD CONSTRAINT "work_signals_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_signals_user_idx" ON "work_signals" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_kind_check" CHECK ("plan_notes"."kind" in ('removed_in_calendar', 'moved', 'unplaced', 'learned'));