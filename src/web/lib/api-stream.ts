// The chat's streaming client, apart from api.ts so that only the chat's code carries it.
import { EventSourceParserStream } from "eventsource-parser/stream";
import { ApiError, currentAccessToken, refreshSession } from "./api.ts";

/**
 * POSTs and reads a server-sent-event stream, calling `onEvent` with each event's name and
 * its JSON data. Renews an expired (or missing) access token once, like `api`. Non-stream
 * answers (a 4xx before streaming) throw ApiError with the server's message.
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
    const accessToken = currentAccessToken();
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    return fetch(path, { method: "POST", headers, body: JSON.stringify(body), signal });
  };
  let res = await post();
  // no token yet (a page opened offline) is renewed too; refreshSession asks only when a
  // session may exist
  if (res.status === 401 && (await refreshSession())) res = await post();
  if (!res.ok || !res.body || !res.headers.get("content-type")?.includes("text/event-stream")) {
    const data = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(
      res.status,
      data.code ?? "unknown",
      data.error ?? `Request failed (${res.status})`,
    );
  }
  // a standard parser: events split across chunks, several `data:` lines per event (joined
  // with a newline), CRLF line ends and comments are all read as the spec says
  const reader = res.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    onEvent(value.event ?? "message", JSON.parse(value.data));
  }
}
