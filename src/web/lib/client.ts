import { type EndpointName, endpoints } from "../../core/contract/endpoints.ts";
import type { RouteInput, RouteOutput } from "../../core/contract/routes.ts";
import { api } from "./api.ts";

export type CallInput<K extends EndpointName> = RouteInput<K>;
export type CallOutput<K extends EndpointName> = RouteOutput<K>;
type CallOptions = { signal?: AbortSignal };

/** A route without path parameters, query or body may be called with no input. */
type Args<K extends EndpointName> =
  Record<string, never> extends RouteInput<K>
    ? [input?: RouteInput<K>, options?: CallOptions]
    : [input: RouteInput<K>, options?: CallOptions];

/** The URL of endpoint `name`: path parameters filled in, defined query values appended. */
export function urlOf<K extends EndpointName>(name: K, input?: RouteInput<K>): string {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: object };
  const path = endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) =>
    encodeURIComponent(String(parts.params?.[key] ?? "")),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls endpoint `name` of the route table (src/core/contract): method and path from the
 * table, input and answer typed by its schemas — no hand-picked types. The table's schemas
 * are types only here (this file ships no zod); api.ts renews an expired session and turns
 * an error answer into an ApiError, as for every call.
 */
export function call<K extends EndpointName>(name: K, ...args: Args<K>): Promise<RouteOutput<K>> {
  const [input, options] = args;
  const body = (input as { body?: unknown } | undefined)?.body;
  return api<RouteOutput<K>>(urlOf(name, input), {
    method: endpoints[name].method,
    ...(body !== undefined ? { body } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
}
