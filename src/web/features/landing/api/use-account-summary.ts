import { useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../core/contract/profile.ts";
import type { UsageResponse } from "../../../../core/contract/usage.ts";
import { api } from "../../../lib/api.ts";

/** The signed-in user's allowance; the header hides the indicator while this has no data. */
export function useUsage(enabled: boolean) {
  return useQuery({
    queryKey: ["usage"],
    queryFn: () => api<UsageResponse>("/api/usage"),
    enabled,
    retry: false,
  });
}

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: ["profile"],
    queryFn: async () => (await api<{ profile: Profile }>("/api/profile")).profile,
    enabled,
    retry: false,
  });
}
