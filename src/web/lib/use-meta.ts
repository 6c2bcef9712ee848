import { call } from "./client.ts";
import { resource, useResource } from "./shared-resource.ts";

/** The server's modes and sign-in methods: asked once per page load. */
export const meta = resource(() => call("getMeta"), { staleMs: Number.POSITIVE_INFINITY });

export function useMeta() {
  return useResource(meta);
}
