import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { call } from "../../../lib/client.ts";
import { profileQuery, queryKeys } from "../../../lib/server-state.ts";
import { withSession } from "./with-session.ts";

let zone: string | undefined;
/**
 * The browser's IANA zone, read once per page: an `Intl.DateTimeFormat()` cost ~40 ms of
 * main thread on the chat's first render, and the chat and its calendar each asked.
 */
export const browserZone = () =>
  (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");

/**
 * Tells the server the browser's time zone (PATCH /api/profile) when it differs from the
 * stored one, so recurring events and the feed use the user's wall-clock time. Once per
 * page, as soon as the device is online; failures are only logged (the next visit retries).
 */
export function useSyncTimezone(online: boolean): void {
  const done = useRef(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!online || done.current) return;
    done.current = true;
    const timezone = browserZone();
    // the shared profile query: a profile read elsewhere on the page is not asked again
    withSession(() => queryClient.fetchQuery(profileQuery))
      .then(async (profile) => {
        if (profile.timezone === timezone) return;
        const updated = await call("updateProfile", { body: { timezone } });
        queryClient.setQueryData(queryKeys.profile, updated.profile);
      })
      .catch((err) => {
        done.current = false;
        console.warn("calendar: could not store the time zone", err);
      });
  }, [online, queryClient]);
}
