CREATE TABLE "plan_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_profiles" ADD CONSTRAINT "plan_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;