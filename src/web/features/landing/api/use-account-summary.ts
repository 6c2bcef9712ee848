import {
  useProfile as useSharedProfile,
  useUsage as useSharedUsage,
} from "../../../lib/server-state.ts";

/** The signed-in user's allowance; the header hides the indicator while this has no data. */
export const useUsage = (enabled: boolean) => useSharedUsage({ enabled, retry: false });

export const useProfile = (enabled: boolean) => useSharedProfile({ enabled, retry: false });
