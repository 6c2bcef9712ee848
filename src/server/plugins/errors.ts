import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { ErrorCode } from "../../core/contract/errors.ts";
import { AppError, describeIssues } from "../errors.ts";

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "unsupported_media_type",
    message: "Unsupported content type. Send JSON (Content-Type: application/json).",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "bad_request",
    message: "Request body length does not match Content-Length.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "payload_too_large",
    message: "Request body is too large.",
  },
};

/** Connection-level failures of the database (not bad queries): the database is away. */
const DB_DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const DB_DOWN_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down)|Client has encountered a connection error|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  // SQLSTATE class 08 (connection exception) and 57P (operator intervention: terminated,
  // shutting down, cannot connect now)
  if (/^08|^57P0[1-3]$/.test(code) || DB_DOWN_CODES.has(code)) return true;
  if (typeof e.message === "string" && DB_DOWN_TEXT.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * One error shape under /api: `{error, code}`. Bad input is a 4xx with a clear message;
 * anything unexpected is logged with context and answered with a generic 500, never a stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (err instanceof AppError) {
      const body: Record<string, unknown> = { error: err.message, code: err.code };
      if (err.details !== undefined) body.details = err.details;
      return reply.code(err.status).send(body);
    }
    if (err instanceof ZodError) {
      return reply.code(400).send({ error: describeIssues(err.issues), code: "bad_request" });
    }
    const known =
      "code" in err && typeof err.code === "string" ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.code(known.status).send({ error: known.message, code: known.code });
    const status = "statusCode" in err ? Number(err.statusCode) : 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 429 ? "rate_limited" : status === 404 ? "not_found" : "bad_request";
      return reply.code(status).send({ error: err.message || "Bad request", code });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, "database unavailable");
      reply.header("retry-after", "5");
      return reply.code(503).send({
        error: "The database is unavailable right now. Please try again in a moment.",
        code: "service_unavailable",
      });
    }
    request.log.error({ err }, "unhandled error");
    return reply
      .code(500)
      .send({ error: "Something went wrong on our side. Please try again.", code: "internal" });
  });
}
