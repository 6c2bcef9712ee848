import { z } from "zod";

/** One of the user's assistants as the chat sidebar lists it. */
export const domainContextItem = z.object({
  id: z.uuid(),
  domain: z.string(),
  context_summary: z.string(),
  updated_at: z.string(),
});
export type DomainContextItem = z.infer<typeof domainContextItem>;

/** GET /api/domain-contexts (bearer): the active contexts, productivity first, then newest. */
export const domainContextsResponse = z.object({ contexts: z.array(domainContextItem) });
export type DomainContextsResponse = z.infer<typeof domainContextsResponse>;
