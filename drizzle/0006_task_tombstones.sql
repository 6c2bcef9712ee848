DROP INDEX "tasks_user_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_user_tombstones_idx" ON "tasks" USING btree ("user_id","deleted_at") WHERE "tasks"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_user_idx" ON "tasks" USING btree ("user_id","status") WHERE "tasks"."deleted_at" is null;