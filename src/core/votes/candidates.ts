/**
 * The nine candidate assistants visitors can upvote (spec §3, "Vote counts"). Kept apart
 * from the zod contract so the landing page can list them without loading zod.
 */
export const SAGE_IDS = [
  "fitness",
  "goals",
  "career",
  "relationships",
  "nutrition",
  "travel",
  "writing",
  "learning",
  "creative",
] as const;
export type SageId = (typeof SAGE_IDS)[number];
