import { z } from "zod";

/**
 * Every error the API answers with has this shape. `error` is the text a person reads;
 * `code` is stable and machine-readable.
 */
export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const ERROR_CODES = [
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "unprocessable",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "usage_limit",
  "service_unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
