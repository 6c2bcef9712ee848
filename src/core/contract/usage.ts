import { z } from "zod";
import { TIERS } from "../plans.ts";

/** GET /api/usage (bearer). */
export const usageResponse = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  /** limit − used, never below 0; 0 for a user with no profile. */
  remaining: z.number().int(),
  percent: z.number(),
  tier: z.enum(TIERS),
  /** 'YYYY-MM' (UTC) */
  period: z.string(),
  resetsAt: z.string(),
  canUse: z.boolean(),
});
export type UsageResponse = z.infer<typeof usageResponse>;
