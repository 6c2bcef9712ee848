import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { ErrorCode } from "../core/contract/errors.ts";
import { AppError, describeIssues } from "./errors.ts";

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
    request.log.error({ err }, "unhandled error");
    return reply
      .code(500)
      .send({ error: "Something went wrong on our side. Please try again.", code: "internal" });
  });
}
