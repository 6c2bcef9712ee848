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

// The access token lives only in memory; the httpOnly session cookie renews it.
let accessToken: string | null = null;
let refreshing: Promise<AuthSession | null> | null = null;
const signedOutListeners = new Set<() => void>();

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

/** Trades the session cookie for a fresh access token. Concurrent callers share one request. */
export function refreshSession(): Promise<AuthSession | null> {
  if (!mayHaveSession()) return Promise.resolve(null);
  refreshing ??= fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" })
    .then(async (res) => {
      if (!res.ok) return null;
      const session = (await res.json()) as AuthSession;
      accessToken = session.accessToken;
      return session;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
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

/**
 * Calls the API. An expired access token is renewed once, transparently; when the session
 * itself is gone the app is told it is signed out.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  if (res.status === 401 && accessToken) {
    const session = await refreshSession();
    if (session) {
      res = await send(path, opts);
    } else {
      accessToken = null;
      for (const listener of signedOutListeners) listener();
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
