CREATE TABLE "task_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_versions" ADD CONSTRAINT "task_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers), as 0002 did for calendar_versions:
-- every change to a user's tasks bumps their task-list version in the same transaction,
-- deferred to commit (the version row is the last lock a transaction takes). A delete only
-- bumps an existing row: a deleted user's tasks go by cascade, and their version row too.
CREATE FUNCTION "task_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "task_versions" SET "version" = "version" + 1 WHERE "user_id" = OLD."user_id";
	ELSE
		INSERT INTO "task_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "task_versions"."version" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tasks_bump_version"
	AFTER INSERT OR UPDATE OR DELETE ON "tasks"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "task_version_bump"();
--> statement-breakpoint
INSERT INTO "task_versions" ("user_id", "version")
	SELECT DISTINCT "user_id", 1 FROM "tasks"
	ON CONFLICT DO NOTHING;
