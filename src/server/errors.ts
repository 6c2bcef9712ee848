import type { z } from "zod";
import type { ErrorCode } from "../core/contract/errors.ts";

/** The one error type use cases throw: a code, an HTTP status and a message a person can read. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const unauthenticated = (message = "Authentication required. Please sign in.") =>
  new AppError(401, "unauthenticated", message);
export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, "bad_request", message, details);

/** Turns zod issues into one sentence naming each offending field. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const field = i.path.map(String).join(".");
      return field ? `${field}: ${i.message}` : i.message;
    })
    .join("; ");
}

/** Validates input at the edge; a violation becomes a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(describeIssues(result.error.issues));
  return result.data;
}
