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
 * the server says the vote was saved; a failure is logged and the optimistic count stays.
 * (A plain callback rather than useMutation: the landing page would load the mutation code
 * for this one button.)
 */
export function useUpvote() {
  const queryClient = useQueryClient();
  const mutate = useCallback(
    async (sageId: SageId) => {
      await queryClient.cancelQueries({ queryKey: votesQueryKey });
      queryClient.setQueryData<VotesResponse>(votesQueryKey, (data) =>
        withCount(data, sageId, (data?.votes[sageId] ?? 0) + 1),
      );
      try {
        const result = await call("castVote", {
          body: { sageId, hostname: window.location.hostname },
        });
        if (!result.saved) return;
        queryClient.setQueryData<VotesResponse>(votesQueryKey, (data) =>
          withCount(data, sageId, result.newCount),
        );
      } catch (err) {
        console.error(`vote for ${sageId} failed`, err);
      }
    },
    [queryClient],
  );
  return { mutate: (sageId: SageId) => void mutate(sageId) };
}
