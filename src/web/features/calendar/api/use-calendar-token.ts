import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarTokenResponse } from "../../../../core/contract/calendar.ts";
import { ApiError } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";
import { TOKEN_ERRORS } from "../lib/sync-messages.ts";
import { withSession } from "./with-session.ts";

const tokenKey = (userId: string) => ["calendar-token", userId] as const;

async function createToken(): Promise<CalendarTokenResponse> {
  try {
    return await withSession(() => call("issueCalendarToken"));
  } catch (err) {
    console.error("calendar token: create failed", err);
    throw new Error(TOKEN_ERRORS.generate);
  }
}

/** GET the feed token; on 404 (none yet) create one, as the spec's client does. */
async function fetchOrCreateToken(): Promise<CalendarTokenResponse> {
  try {
    return await withSession(() => call("getCalendarToken"));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return createToken();
    console.error("calendar token: fetch failed", err);
    throw new Error(TOKEN_ERRORS.fetch);
  }
}

/** Asks only while the device is online, so coming back online fetches it (a page opened offline). */
export function useCalendarToken(userId: string, online: boolean) {
  return useQuery({
    queryKey: tokenKey(userId),
    queryFn: fetchOrCreateToken,
    enabled: online,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A new token: the old feed URL stops working at once. */
export function useRotateCalendarToken(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: (data) => queryClient.setQueryData(tokenKey(userId), data),
  });
}
