import { useCallback, useEffect, useState } from "react";
import { SAGE_IDS, type SageId } from "../../../../core/votes/candidates.ts";
import { guard, sessionValue } from "../../../lib/session-value.ts";

// stored as 1 under sage:voted:<id>; storage blocked: the in-memory state prevents a repeat
const votedMark = (sageId: SageId) =>
  sessionValue(
    `sage:voted:${sageId}`,
    guard((v): v is 1 => v === 1),
  );
const readVoted = (sageId: SageId) => votedMark(sageId).read() === 1;

/**
 * Which assistants this tab session has upvoted. Kept in sessionStorage, so a reload in the
 * same tab still shows them as voted, and a new session may vote again (spec §5, "Upvote").
 * The first render shows no votes, like the prerendered page (reading storage while
 * rendering made the hydrated page differ from it: React's error #418); the stored ones are
 * read once mounted.
 */
export function useSessionVotes() {
  const [voted, setVoted] = useState<ReadonlySet<SageId>>(() => new Set());
  useEffect(() => {
    const stored = SAGE_IDS.filter(readVoted);
    if (stored.length > 0) setVoted((prev) => new Set([...prev, ...stored]));
  }, []);
  const hasVoted = useCallback((sageId: SageId) => voted.has(sageId), [voted]);
  const markVoted = useCallback((sageId: SageId) => {
    votedMark(sageId).write(1); // storage blocked or full: memory only
    setVoted((prev) => new Set(prev).add(sageId));
  }, []);
  /** A vote that never reached the server: the person may vote again. */
  const unmarkVoted = useCallback((sageId: SageId) => {
    votedMark(sageId).clear();
    setVoted((prev) => {
      const next = new Set(prev);
      next.delete(sageId);
      return next;
    });
  }, []);
  return { hasVoted, markVoted, unmarkVoted };
}
