import { useEffect, useState } from "react";

/** Spec §9: the profile build animation runs for 15 seconds. */
export const BUILD_ANIMATION_MS = 15_000;
const TICK_MS = 100;

/**
 * Elapsed share (0…1) of a fixed-length animation that starts on mount. Wall-clock based,
 * so a throttled background tab still finishes on time.
 */
export function useBuildAnimation(durationMs = BUILD_ANIMATION_MS): {
  progress: number;
  finished: boolean;
} {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const share = Math.min(1, (Date.now() - started) / durationMs);
      setProgress(share);
      if (share >= 1) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [durationMs]);
  return { progress, finished: progress >= 1 };
}
