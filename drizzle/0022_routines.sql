CREATE TABLE "routines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"minutes" integer NOT NULL,
	"times_per_week" integer NOT NULL,
	"days" jsonb NOT NULL,
	"window_start" integer NOT NULL,
	"window_end" integer NOT NULL,
	"energy" text DEFAULT 'medium' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routines_energy_check" CHECK ("routines"."energy" in ('low', 'medium', 'high')),
	CONSTRAINT "routines_priority_check" CHECK ("routines"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "routines_window_check" CHECK ("routines"."window_start" >= 0 and "routines"."window_end" <= 1440 and "routines"."window_start" + "routines"."minutes" <= "routines"."window_end"),
	CONSTRAINT "routines_times_check" CHECK ("routines"."times_per_week" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "plan_notes" DROP CONSTRAINT "plan_notes_kind_check";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "routine_id" uuid;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routines_user_idx" ON "routines" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_routine_id_routines_id_fk" FOREIGN KEY ("routine_id") REFERENCES "public"."routines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_routine_idx" ON "calendar_events" USING btree ("routine_id") WHERE "calendar_events"."routine_id" is not null;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_kind_check" CHECK ("plan_notes"."kind" in ('removed_in_calendar', 'moved', 'unplaced', 'learned', 'routine_short'));--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). The planner's own blocks are now
-- task blocks and routine sessions (issue 29): neither asks for a re-plan when the planner
-- writes it, or the re-plan would ask for itself. Otherwise as in 0015.
CREATE OR REPLACE FUNCTION "calendar_events_replan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n
			WHERE NOT (n."source" = 'assistant' AND (n."task_id" IS NOT NULL OR n."routine_id" IS NOT NULL))));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n
			JOIN "old_rows" o ON o."id" = n."id"
			WHERE NOT (n."source" = 'assistant' AND (n."task_id" IS NOT NULL OR n."routine_id" IS NOT NULL)
				AND o."source" = 'assistant' AND (o."task_id" IS NOT NULL OR o."routine_id" IS NOT NULL))));
	ELSE
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT o."user_id" FROM "old_rows" o
			WHERE NOT (o."source" = 'assistant' AND (o."task_id" IS NOT NULL OR o."routine_id" IS NOT NULL))));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A routine's change asks for a re-plan like a task's (its sessions follow it).
CREATE FUNCTION "routines_replan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT o."user_id" FROM "old_rows" o));
	ELSE
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "routines_replan_insert" AFTER INSERT ON "routines"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "routines_replan"();--> statement-breakpoint
CREATE TRIGGER "routines_replan_update" AFTER UPDATE ON "routines"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "routines_replan"();--> statement-breakpoint
CREATE TRIGGER "routines_replan_delete" AFTER DELETE ON "routines"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "routines_replan"();
