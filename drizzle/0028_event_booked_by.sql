ALTER TABLE "calendar_events" ADD COLUMN "booked_by" text;--> statement-breakpoint
-- events booked before this column existed: their guest's name, from the confirmed booking
UPDATE "calendar_events" e SET "booked_by" = b."guest_name"
FROM "bookings" b
WHERE b."event_id" = e."id" AND b."user_id" = e."user_id" AND b."status" = 'confirmed';
