import { useEffect, useState } from "react";

/**
 * The time now, read again every `everyMs` (a minute by default), so what depends on the
 * clock — a block that has begun, the evening — changes on an open screen without a reload.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
