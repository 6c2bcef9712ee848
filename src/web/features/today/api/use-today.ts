import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckInRequest, TodayItem } from "../../../../core/contract/today.ts";
import { ApiError } from "../../../lib/api.ts";
import { call } from "../../../lib/client.ts";
import { queryKeys } from "../../../lib/server-state.ts";

export const todayKey = (userId: string) => ["today", userId] as const;

/**
 * The day as the server plans it (GET /api/today). Today lives on the server: it is asked
 * while the device is online, and again whenever the screen opens. `date` (YYYY-MM-DD, from
 * the address) shows another day; without it, the person's today.
 */
export function useToday(userId: string, online: boolean, date: string | undefined) {
  return useQuery({
    queryKey: [...todayKey(userId), date ?? "today"],
    queryFn: () => call("getToday", { query: date ? { date } : {} }),
    enabled: online,
    refetchOnMount: "always",
    retry: false,
  });
}

/** Tells the server everything up to `through` (the answer's asOf) has been seen. */
export function useMarkTodaySeen() {
  return useMutation({
    mutationFn: (through: string) => call("markTodaySeen", { body: { through } }),
  });
}

/** What a check-in or a move may have changed: the day, the tasks, the calendar. */
function useRefreshAfterChange(userId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: todayKey(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.tasks(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.calendar(userId) });
  };
}

/** POST /api/check-ins: done, partly (with minutes) or skipped, for one block. */
export function useCheckIn(userId: string) {
  const refresh = useRefreshAfterChange(userId);
  return useMutation({
    mutationFn: (input: CheckInRequest) => call("checkIn", { body: input }),
    onSettled: refresh,
  });
}

const MINUTE = 60_000;

/**
 * Moves a block to a new start, keeping its length: the week view's own PUT, on the event as
 * the server has it now (its version), so a block the person moves becomes theirs — and the
 * move is kept as evidence from Today.
 */
export function useMoveBlock(userId: string) {
  const refresh = useRefreshAfterChange(userId);
  return useMutation({
    mutationFn: async (opts: { item: TodayItem; start: Date }) => {
      const { item, start } = opts;
      const list = await call("listEvents", { query: { from: item.start, to: item.end } });
      const event = list.events.find((e) => e.id === item.id);
      if (!event) throw new ApiError(404, "not_found", "That block is no longer in your plan.");
      const length = Date.parse(item.end) - Date.parse(item.start);
      const minutes = Math.round(length / MINUTE);
      return call("updateEvent", {
        query: { eventId: event.id },
        body: {
          title: event.title,
          description: event.description,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + minutes * MINUTE).toISOString(),
          all_day: event.all_day,
          location: event.location,
          reminder_minutes: event.reminder_minutes,
          category: event.category,
          priority: event.priority,
          url: event.url,
          version: event.version,
          source: "today",
        },
      });
    },
    onSettled: refresh,
  });
}

/** Plan my week from Today (POST /api/plan): finds new times for work waiting for one. */
export function usePlanWeek(userId: string) {
  const refresh = useRefreshAfterChange(userId);
  return useMutation({
    mutationFn: () => call("plan", { body: { days: 7 } }),
    onSettled: refresh,
  });
}
