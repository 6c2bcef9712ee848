CREATE TABLE "plan_states" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto" boolean DEFAULT true NOT NULL,
	"horizon_days" integer DEFAULT 7 NOT NULL,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replan_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_notes" DROP CONSTRAINT "plan_notes_kind_check";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "why" text;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD COLUMN "undo" jsonb;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_states" ADD CONSTRAINT "plan_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replan_requests" ADD CONSTRAINT "replan_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replan_requests_due_idx" ON "replan_requests" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_kind_check" CHECK ("plan_notes"."kind" in ('removed_in_calendar', 'moved', 'unplaced'));--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). A change to what a person's plan
-- rests on asks for a re-plan in the same transaction: one row per person (replan_requests),
-- so a burst is one re-plan. Only people whose plan Sage keeps (plan_states.auto) are asked
-- for, and only while their user row is there (a cascade from an account's deletion asks
-- nothing). `due_at` moves 300 ms on with each change, never past `first_at` + 2 s.
CREATE FUNCTION "request_replans"("people" uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "replan_requests" ("user_id", "first_at", "due_at")
	SELECT s."user_id", statement_timestamp(), statement_timestamp() + interval '300 milliseconds'
	FROM "plan_states" s JOIN "users" u ON u."id" = s."user_id"
	WHERE s."auto" AND s."user_id" = ANY("people")
	ON CONFLICT ("user_id") DO UPDATE SET
		"due_at" = least(greatest("replan_requests"."due_at", excluded."due_at"), "replan_requests"."first_at" + interval '2 seconds'),
		"generation" = "replan_requests"."generation" + 1
$$;
--> statement-breakpoint
-- Events: every change but the planner's own blocks (source 'assistant' with a task, before
-- and after the change). A block the person moved becomes theirs (source 'user') and counts.
CREATE FUNCTION "calendar_events_replan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n
			WHERE NOT (n."source" = 'assistant' AND n."task_id" IS NOT NULL)));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n
			JOIN "old_rows" o ON o."id" = n."id"
			WHERE NOT (n."source" = 'assistant' AND n."task_id" IS NOT NULL
				AND o."source" = 'assistant' AND o."task_id" IS NOT NULL)));
	ELSE
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT o."user_id" FROM "old_rows" o
			WHERE NOT (o."source" = 'assistant' AND o."task_id" IS NOT NULL)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "calendar_events_replan_insert" AFTER INSERT ON "calendar_events"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_events_replan"();
--> statement-breakpoint
CREATE TRIGGER "calendar_events_replan_update" AFTER UPDATE ON "calendar_events"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_events_replan"();
--> statement-breakpoint
CREATE TRIGGER "calendar_events_replan_delete" AFTER DELETE ON "calendar_events"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_events_replan"();
--> statement-breakpoint
-- Tasks: every change (added, edited, done, deleted).
CREATE FUNCTION "tasks_replan"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "tasks_replan_insert" AFTER INSERT ON "tasks"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tasks_replan"();
--> statement-breakpoint
CREATE TRIGGER "tasks_replan_update" AFTER UPDATE ON "tasks"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tasks_replan"();
--> statement-breakpoint
CREATE TRIGGER "tasks_replan_delete" AFTER DELETE ON "tasks"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tasks_replan"();
--> statement-breakpoint
-- Connected calendars: a series stored, changed or gone. A sync rewrites every row of an
-- ICS feed; only rows whose content moved count, so an unchanged feed asks nothing.
CREATE FUNCTION "external_events_replan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT n."user_id" FROM "new_rows" n
			JOIN "old_rows" o ON o."id" = n."id"
			WHERE o."series" IS DISTINCT FROM n."series"
				OR o."first_start" IS DISTINCT FROM n."first_start"
				OR o."last_end" IS DISTINCT FROM n."last_end"));
	ELSE
		PERFORM "request_replans"(ARRAY(SELECT DISTINCT o."user_id" FROM "old_rows" o));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "external_events_replan_insert" AFTER INSERT ON "external_events"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "external_events_replan"();
--> statement-breakpoint
CREATE TRIGGER "external_events_replan_update" AFTER UPDATE ON "external_events"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "external_events_replan"();
--> statement-breakpoint
CREATE TRIGGER "external_events_replan_delete" AFTER DELETE ON "external_events"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "external_events_replan"();
