import { useQuery } from "@tanstack/react-query";
import type { AppMeta } from "../../core/contract/auth.ts";
import { api } from "./api.ts";

export const metaQuery = {
  queryKey: ["meta"],
  queryFn: () => api<AppMeta>("/api/meta"),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useMeta() {
  return useQuery(metaQuery);
}
