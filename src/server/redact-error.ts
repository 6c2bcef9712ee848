/**
 * Errors as they are logged, without the values of the query that failed. Drizzle's
 * DrizzleQueryError carries `params` and repeats them in its message ("Failed query: …
 * params: …"), and PostgreSQL's errors quote values in `detail` ("Key (token)=(…) already
 * exists", "Failing row contains (…)") and, for data exceptions (SQLSTATE class 22), in
 * the message itself ('invalid input syntax for type integer: "…"'). A feed token or a
 * chat message must never reach the log that way. The SQL text (with $1 placeholders), the
 * code and the stack frames are kept: they are what a person debugging needs.
 */
const VALUE_FIELDS = new Set(["params", "detail", "parameters"]);
const MAX_CAUSES = 5;

export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  [field: string]: unknown;
};

function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/** The message with its values replaced by `[redacted]`. */
export function redactMessage(message: string, code?: unknown): string {
  let out = message.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]");
  if (typeof code === "string" && code.startsWith("22")) {
    out = out.replace(/(: )"[\s\S]*"$/, "$1[redacted]");
  }
  return out;
}

/** The logger's `err` serializer. Never throws; `cause` is followed a few levels deep. */
export function serializeError(err: Error): LoggedError {
  return redactErrorLike(err, 0);
}

function redactError(value: unknown, depth: number): unknown {
  return isErrorLike(value) ? redactErrorLike(value, depth) : value;
}

function redactErrorLike(err: Error, depth: number): LoggedError {
  const code = (err as { code?: unknown }).code;
  const message = redactMessage(err.message, code);
  const out: LoggedError = {
    type: err.constructor?.name || err.name,
    message,
    stack:
      typeof err.stack !== "string"
        ? ""
        : message !== err.message
          ? err.stack.replace(err.message, message)
          : err.stack,
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === "cause" || VALUE_FIELDS.has(key) || key in out) continue;
    out[key] = isErrorLike(value) && depth < MAX_CAUSES ? redactError(value, depth + 1) : value;
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_CAUSES) out.cause = redactError(cause, depth + 1);
  return out;
}
