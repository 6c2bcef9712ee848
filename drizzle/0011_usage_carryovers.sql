CREATE TABLE "usage_carryovers" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"monthly_usage" integer NOT NULL,
	CONSTRAINT "usage_carryovers_usage_nonneg" CHECK ("usage_carryovers"."monthly_usage" >= 0)
);
