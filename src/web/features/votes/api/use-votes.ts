import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { VotesResponse } from "../../../../core/contract/votes.ts";
import type { SageId } from "../../../../core/votes/candidates.ts";
import { call } from "../../../lib/client.ts";

export const votesQueryKey = ["sage-votes"] as const;

export function useVotes() {
  return useQuery({
    queryKey: votesQueryKey,
    queryFn: (): Promise<VotesResponse> => call("getVotes"),
  });
}

const withCount = (data: VotesResponse | undefined, sageId: SageId, count: number) =>
  data ? { votes: { ...data.votes, [sageId]: count } } : data;

/**
 * Spec §4, "Upvote": the count rises at once; it is replaced by the server's count only when
 * the server says the vote was saved. A vote that does not reach the server (offline, a
 * failure) is logged and taken back — the count falls again and the caller is told, so the
 * person can vote again rather than see a vote that was never counted.
 * (A plain callback rather than useMutation: the landing page would load the mutation code
 * for this one button.)
 */
export function useUpvote() {
  const queryClient = useQueryClient();
  const mutate = useCallback(
    async (sageId: SageId): Promise<boolean> => {
      await queryClient.cancelQueries({ queryKey: votesQueryKey });
      const bump = (by: number) =>
        queryClient.setQueryData<VotesResponse>(votesQueryKey, (data) =>
          withCount(data, sageId, Math.max(0, (data?.votes[sageId] ?? 0) + by)),
        );
      bump(1);
      try {
        const result = await call("castVote", {
          body: { sageId, hostname: window.location.hostname },
        });
        if (result.saved)
          queryClient.setQueryData<VotesResponse>(votesQueryKey, (data) =>
            withCount(data, sageId, result.newCount),
          );
        return true;
      } catch (err) {
        console.error(`vote for ${sageId} failed`, err);
        bump(-1);
        return false;
      }
    },
    [queryClient],
  );
  return { mutate };
}
