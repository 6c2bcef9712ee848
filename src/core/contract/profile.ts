import { IANAZone } from "luxon";
import { z } from "zod";
import { TIERS } from "../plans.ts";

/** The user profile as the interface uses it (spec §3). */
export const profile = z.object({
  id: z.uuid(),
  email: z.string(),
  subscription_tier: z.enum(TIERS),
  subscription_status: z.string(),
  monthly_usage: z.number().int(),
  monthly_usage_limit: z.number().int(),
  stripe_customer_id: z.string().nullable(),
  current_period_end: z.string().nullable(),
  timezone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const ensureProfileResponse = z.object({
  success: z.literal(true),
  created: z.boolean(),
  profile,
});
export type EnsureProfileResponse = z.infer<typeof ensureProfileResponse>;

export const profileResponse = z.object({ profile });

export const versionInfo = z.object({
  version: z.string(),
  revision: z.string(),
  buildDate: z.string(),
  branch: z.string(),
  lastCommitDate: z.string(),
});
export type VersionInfo = z.infer<typeof versionInfo>;

/** An IANA time-zone name the runtime knows (e.g. Europe/Berlin). */
export const ianaTimeZone = z
  .string("timezone must be text")
  .trim()
  .max(64, "timezone is too long")
  .refine(
    (tz) => /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz) && IANAZone.isValidZone(tz),
    "timezone must be an IANA time-zone name such as Europe/Berlin",
  );

/** PATCH /api/profile (bearer): the browser's time zone, used for calendar maths. */
export const updateProfileRequest = z.strictObject({ timezone: ianaTimeZone });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
