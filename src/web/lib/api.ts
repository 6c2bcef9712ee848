import type { AuthSession } from "../../core/contract/auth.ts";
import { rememberedUser } from "./local-user-data.ts";

/** An API failure with the server's own message and code. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The server's own words for a failed call; null when it could not be reached (status 0). */
export const serverSaid = (error: unknown): string | null =>
  error instanceof ApiError && error.status !== 0 ? error.message : null;

// The access token lives only in memory; the httpOnly session cookie renews it.
let accessToken: string | null = null;
let renewing: Promise<RenewResult> | null = null;
const signedOutListeners = new Set<() => void>();

/**
 * What renewing the session found: a session; `signedOut` only when the server answered a
 * definite 401 (or there was never a session to renew); `unavailable` when it could not
 * say — offline, a rate limit (429) or a server failure — which is never a sign-out.
 */
export type RenewResult =
  | { kind: "session"; session: AuthSession }
  | { kind: "signedOut" }
  | { kind: "unavailable" };

/** Waits before each retry of a refresh that could not get an answer (ms). */
export const RENEW_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];
/** A Retry-After longer than this is not waited for: the caller tries again later. */
const MAX_RETRY_AFTER_MS = 30_000;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/** The in-memory access token (for the streaming client in api-stream.ts). */
export function currentAccessToken(): string | null {
  return accessToken;
}

export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * Could there be a session to refresh? The server sets a readable hint cookie beside the
 * httpOnly one (src/server/routes/auth.ts); a user remembered from before the hint existed
 * also counts. A visitor who never signed in is not sent to the server only to get a 401.
 */
function mayHaveSession(): boolean {
  return /(?:^|;\s*)sage_signed_in=/.test(document.cookie) || rememberedUser() !== null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One refresh call: a session, a definite 401, or null when there was no answer to trust. */
async function refreshOnce(): Promise<
  { result: RenewResult; retryAfterMs?: undefined } | { result: null; retryAfterMs?: number }
> {
  let res: Response;
  try {
    res = await fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" });
  } catch {
    return { result: null }; // network error
  }
  if (res.ok) {
    const session = (await res.json()) as AuthSession;
    accessToken = session.accessToken;
    return { result: { kind: "session", session } };
  }
  if (res.status === 401) return { result: { kind: "signedOut" } };
  const seconds = Number(res.headers.get("retry-after"));
  return { result: null, ...(seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
}

/**
 * Trades the session cookie for a fresh access token. Concurrent callers share one attempt.
 * A refresh without a trustworthy answer (network error, 429, 5xx) is retried with backoff
 * (RENEW_RETRY_DELAYS_MS, or the server's Retry-After when it is longer and at most 30 s);
 * offline it is not retried — the caller tries again when the connection is back.
 */
export function renewSession(): Promise<RenewResult> {
  if (!mayHaveSession()) return Promise.resolve({ kind: "signedOut" });
  renewing ??= (async (): Promise<RenewResult> => {
    for (let attempt = 0; ; attempt++) {
      const { result, retryAfterMs } = await refreshOnce();
      if (result) return result;
      const delay = RENEW_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !navigator.onLine) return { kind: "unavailable" };
      if (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS) {
        return { kind: "unavailable" };
      }
      await sleep(Math.max(delay, retryAfterMs ?? 0));
    }
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

/** `renewSession`, reduced to the session or null (whether signed out or unavailable). */
export function refreshSession(): Promise<AuthSession | null> {
  return renewSession().then((r) => (r.kind === "session" ? r.session : null));
}

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return fetch(path, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: "same-origin",
    signal: opts.signal,
  });
}

export const SESSION_UNAVAILABLE =
  "Sage could not renew your session just now. It will try again shortly.";

/**
 * Calls the API. An expired access token is renewed once, transparently; only when the
 * server says the session itself is gone (a 401 from refresh) is the app told it is signed
 * out.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  // no token yet (a page opened offline) is renewed too, once a session may exist
  if (res.status === 401 && (accessToken || mayHaveSession())) {
    const renewed = await renewSession();
    if (renewed.kind === "session") {
      res = await send(path, opts);
    } else if (renewed.kind === "signedOut") {
      accessToken = null;
      for (const listener of signedOutListeners) listener();
    } else {
      // could not renew now (offline, rate limited, server trouble): not a sign-out, and
      // a 5xx, so the query client tries again
      throw new ApiError(503, "session_unavailable", SESSION_UNAVAILABLE);
    }
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const body = (data ?? {}) as { error?: string; code?: string; details?: unknown };
    throw new ApiError(
      res.status,
      body.code ?? "unknown",
      body.error ?? `Request failed (${res.status})`,
      body.details,
    );
  }
  return data as T;
}
