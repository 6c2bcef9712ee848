import { z } from "zod";
import { SAGE_IDS, type SageId } from "../votes/candidates.ts";

export const sageId = z.enum(SAGE_IDS, {
  error: `must be one of: ${SAGE_IDS.join(", ")}`,
});

/** GET /api/sage-votes: every candidate is present, 0 when nobody has voted yet. */
export const votesResponse = z.object({ votes: z.record(sageId, z.number().int().min(0)) });
export type VotesResponse = { votes: Record<SageId, number> };

/**
 * POST /api/sage-votes. `hostname` is what the original client sends (the page's host); it is
 * accepted and bounded but the count never depends on it.
 */
export const voteRequest = z.object({
  sageId,
  hostname: z.string().max(253, "must be at most 253 characters").optional(),
});
export type VoteRequest = z.infer<typeof voteRequest>;

/** `saved: false` means this voter had already voted for it; `newCount` is the current count. */
export const voteResponse = z.object({ saved: z.boolean(), newCount: z.number().int().min(0) });
export type VoteResponse = z.infer<typeof voteResponse>;
