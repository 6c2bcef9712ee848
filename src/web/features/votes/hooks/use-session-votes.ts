import { useCallback, useState } from "react";
import type { SageId } from "../../../../core/votes/candidates.ts";

const key = (sageId: SageId) => `sage:voted:${sageId}`;

function readVoted(sageId: SageId): boolean {
  try {
    return window.sessionStorage.getItem(key(sageId)) === "1";
  } catch {
    return false; // storage blocked: the in-memory state still prevents a repeat
  }
}

/**
 * Which assistants this tab session has upvoted. Kept in sessionStorage, so a reload in the
 * same tab still shows them as voted, and a new session may vote again (spec §5, "Upvote").
 */
export function useSessionVotes() {
  const [voted, setVoted] = useState<ReadonlySet<SageId>>(() => new Set());
  const hasVoted = useCallback((sageId: SageId) => voted.has(sageId) || readVoted(sageId), [voted]);
  const markVoted = useCallback((sageId: SageId) => {
    try {
      window.sessionStorage.setItem(key(sageId), "1");
    } catch {
      // storage blocked or full: fall back to memory only
    }
    setVoted((prev) => new Set(prev).add(sageId));
  }, []);
  return { hasVoted, markVoted };
}
