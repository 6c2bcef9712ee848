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

/**
 * POSTs and reads a server-sent-event stream, calling `onEvent` for each event. Renews an
 * expired access token once, like `api`. Non-stream answers (a 4xx before streaming) throw
 * ApiError with the server's message.
 */
export async function apiStream(
  path: string,
  body: unknown,
  onEvent: (event: string, data: unknown) => void,
  signal?: AbortSignal,
): Promise<void> {
  const post = () => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "text/event-stream",
    };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    return fetch(path, { method: "POST", headers, body: JSON.stringify(body), signal });
  };
  let res = await post();
  if (res.status === 401 && accessToken && (await refreshSession())) res = await post();
  if (!res.ok || !res.body || !res.headers.get("content-type")?.includes("text/event-stream")) {
    const data = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(
      res.status,
      data.code ?? "unknown",
      data.error ?? `Request failed (${res.status})`,
    );
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent(event, JSON.parse(data));
      end = buffer.indexOf("\n\n");
    }
  }
}
