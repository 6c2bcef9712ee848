import type { FastifyInstance } from "fastify";
import sjson from "secure-json-parse";
import { AppError } from "../errors.ts";

export const BODY_LIMIT_BYTES = 100 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_JSON_DEPTH = 32;

/** Why a parsed JSON body is refused, or undefined when every string and key is clean. */
function textProblem(value: unknown, depth = 0): string | undefined {
  if (depth > MAX_JSON_DEPTH) return `JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
  if (typeof value === "string") {
    return value.includes("\u0000") || LONE_SURROGATE.test(value)
      ? "Text must not contain NUL characters or invalid Unicode (lone surrogates)."
      : undefined;
  }
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = textProblem(v, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const problem = textProblem(k, depth + 1) ?? textProblem(v, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * JSON is the only body the API reads (a route that needs another type adds its own parser
 * in its own scope, as the Stripe webhook does). An empty body reads as "no body" (the spec's
 * ensure-profile call sends one); prototype-poisoning keys, NUL characters and lone
 * surrogates are refused once here, for every endpoint, in bodies, path parameters and
 * query strings alike.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    let value: unknown;
    try {
      value = sjson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
    } catch {
      return done(new AppError(400, "bad_request", "Malformed JSON body."), undefined);
    }
    // Postgres text cannot hold NUL, and a lone surrogate would be silently replaced: both
    // are refused here, once, for every JSON endpoint
    const problem = textProblem(value);
    if (problem) return done(new AppError(400, "bad_request", problem), undefined);
    done(null, value);
  });
  // the same rule for path parameters and query strings (a %00 in a URL reaches them decoded)
  // (a callback hook, not an async one: it runs on every request and has nothing to await)
  app.addHook("preValidation", (request, _reply, done) => {
    const problem = textProblem(request.params) ?? textProblem(request.query);
    done(problem ? new AppError(400, "bad_request", problem) : undefined);
  });
}
