import { useCallback } from "react";
import type { VotesResponse } from "../../../../core/contract/votes.ts";
import type { SageId } from "../../../../core/votes/candidates.ts";
import { call } from "../../../lib/client.ts";
import { resource, useResource } from "../../../lib/shared-resource.ts";

/** The vote counts: a small cache of their own, not a query — the landing page shows them
 * and does not load TanStack Query (decision 033). Stale after 30 s, as queries are. */
export const votes = resource((): Promise<VotesResponse> => call("getVotes"), {
  staleMs: 30_000,
});

export function useVotes() {
  return useResource(votes);
}

const withCount = (data: VotesResponse | undefined, sageId: SageId, count: number) =>
  data ? { votes: { ...data.votes, [sageId]: count } } : data;

/**
 * Spec §4, "Upvote": the count rises at once; it is replaced by the server's count only when
 * the server says the vote was saved. A vote that does not reach the server (offline, a
 * failure) is logged and taken back — the count falls again and the caller is told, so the
 * person can vote again rather than see a vote that was never counted. An answer to a
 * request for the counts already on its way is dropped (it may predate the vote).
 */
export function useUpvote() {
  const mutate = useCallback(async (sageId: SageId): Promise<boolean> => {
    const bump = (by: number) =>
      votes.update((data) => withCount(data, sageId, Math.max(0, (data?.votes[sageId] ?? 0) + by)));
    bump(1);
    try {
      const result = await call("castVote", {
        body: { sageId, hostname: window.location.hostname },
      });
      if (result.saved) votes.update((data) => withCount(data, sageId, result.newCount));
      return true;
    } catch (err) {
      console.error(`vote for ${sageId} failed`, err);
      bump(-1);
      return false;
    }
  }, []);
  return { mutate };
}
