-- a race could leave two channels on one calendar: keep the one that lasts longest (the
-- other's notifications are refused as unknown, and it expires at the provider)
DELETE FROM "push_channels" p USING "push_channels" q
WHERE p."calendar_id" = q."calendar_id"
  AND (p."expires_at" < q."expires_at" OR (p."expires_at" = q."expires_at" AND p."id" < q."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "push_channels_calendar_key" ON "push_channels" USING btree ("calendar_id");
