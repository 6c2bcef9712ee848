CREATE TABLE "calendar_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_versions" ADD CONSTRAINT "calendar_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every change to a user's events
-- bumps their calendar version in the same transaction. Deferred to commit, so the version
-- row is the last lock a transaction takes and cannot join a deadlock with event rows.
-- A delete only bumps an existing row: when a user is deleted, their events go by cascade
-- and their version row with them.
CREATE FUNCTION "calendar_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "calendar_versions" SET "version" = "version" + 1 WHERE "user_id" = OLD."user_id";
	ELSE
		INSERT INTO "calendar_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "calendar_versions"."version" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendar_events_bump_version"
	AFTER INSERT OR UPDATE OR DELETE ON "calendar_events"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION "calendar_version_bump"();
--> statement-breakpoint
INSERT INTO "calendar_versions" ("user_id", "version")
	SELECT DISTINCT "user_id", 1 FROM "calendar_events"
	ON CONFLICT DO NOTHING;
