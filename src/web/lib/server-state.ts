import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { InsightsResponse } from "../../core/contract/insights.ts";
import type { PlanProfileResponse } from "../../core/contract/plan-profile.ts";
import type { Profile } from "../../core/contract/profile.ts";
import type { UsageResponse } from "../../core/contract/usage.ts";
import { call } from "./client.ts";

/**
 * The server state several screens share, in one place: one query key and one hook each for
 * the allowance, the profile, the tasks and the calendar, so a change anywhere (a payment, a
 * chat turn, a plan) refreshes every panel through the query client. Feature-only queries
 * (plans, connections, votes…) stay with their feature.
 */
export const queryKeys = {
  usage: ["usage"] as const,
  profile: ["profile"] as const,
  tasks: (userId: string) => ["tasks", userId] as const,
  /** "How you work" (the settings screen edits it; the week view shades its hours). */
  planProfile: ["plan-profile"] as const,
  /** What Sage learned of how the person works (GET /api/insights). */
  insights: ["insights"] as const,
  /** The calendar's sync with the server (features/calendar): refetching it syncs. */
  calendar: (userId: string) => ["calendar", userId] as const,
};

type Options = { enabled?: boolean; retry?: false };

/** The allowance as the server has it (for `ensureQueryData` where no hook is mounted). */
export const usageQuery = {
  queryKey: queryKeys.usage,
  queryFn: (): Promise<UsageResponse> => call("getUsage"),
};

/** The user's allowance. `remember` keeps a copy on the device and starts from it (the chat). */
export function useUsage(
  options: Options & {
    remember?: {
      userId: string;
      load: (userId: string) => UsageResponse | undefined;
      save: (userId: string, usage: UsageResponse) => void;
    };
  } = {},
) {
  const { remember, ...rest } = options;
  return useQuery({
    queryKey: queryKeys.usage,
    queryFn: async () => {
      const usage = await call("getUsage");
      if (remember) remember.save(remember.userId, usage);
      return usage;
    },
    ...(remember
      ? {
          initialData: () => remember.load(remember.userId),
          // always stale: the server is asked at once (a payment since may have raised the limit)
          initialDataUpdatedAt: 0,
        }
      : {}),
    ...rest,
  });
}

export const profileQuery = {
  queryKey: queryKeys.profile,
  queryFn: async (): Promise<Profile> => (await call("getProfile")).profile,
};

/** The signed-in user's profile (plan, usage counters, time zone). */
export function useProfile(options: Options = {}) {
  return useQuery({ ...profileQuery, ...options });
}

/** "How you work" as the server has it: GET /api/plan/profile. */
/** What Sage learned of how the person works (How you work shows it twice: chart and words). */
export const insightsQuery = {
  queryKey: queryKeys.insights,
  queryFn: (): Promise<InsightsResponse> => call("getInsights"),
};

export const planProfileQuery = {
  queryKey: queryKeys.planProfile,
  queryFn: (): Promise<PlanProfileResponse> => call("getPlanProfile"),
};

/**
 * The assistant (or an undo, or a plan) changed the calendar: the calendar syncs and the
 * task list is asked again, wherever they are shown.
 */
export function calendarChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["calendar"] }),
    queryClient.invalidateQueries({ queryKey: ["tasks"] }),
  ]).then(() => undefined);
}
