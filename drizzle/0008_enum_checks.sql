ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_frequency_check" CHECK ("calendar_events"."recurrence_frequency" in ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_provider_check" CHECK ("checkout_sessions"."provider" in ('demo', 'stripe'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_tier_check" CHECK ("checkout_sessions"."tier" in ('starter', 'pro'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired'));--> statement-breakpoint
ALTER TABLE "external_writes" ADD CONSTRAINT "external_writes_owner_check" CHECK ("external_writes"."owner" in ('sage', 'theirs'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_energy_check" CHECK ("tasks"."energy" in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'done'));