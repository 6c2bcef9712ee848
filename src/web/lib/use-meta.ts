import { useQuery } from "@tanstack/react-query";
import { call } from "./client.ts";

export const metaQuery = {
  queryKey: ["meta"],
  queryFn: () => call("getMeta"),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useMeta() {
  return useQuery(metaQuery);
}
