import { afterEach, describe, expect, it, vi } from "vitest";
import { apiStream } from "./api-stream.ts";

/** A text/event-stream response whose body arrives in exactly these chunks. */
function eventStream(chunks: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
}

async function read(chunks: string[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => eventStream(chunks)),
  );
  const events: [string, unknown][] = [];
  await apiStream("/api/chat", { message: "hi" }, (event, data) => events.push([event, data]));
  return events;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiStream", () => {
  it("joins an event's several data lines with a newline, as the event-stream format says", async () => {
    const events = await read([
      'event: done\ndata: {"response": "Sure",\ndata:  "remainingUsage": 3}\n\n',
    ]);
    expect(events).toEqual([["done", { response: "Sure", remainingUsage: 3 }]]);
  });

  it("reads events split anywhere across chunks, CRLF line ends, comments and unnamed events", async () => {
    const events = await read([
      ": keep-alive\r\n\r\nevent: del",
      'ta\r\ndata: {"text":"Hel',
      'lo"}\r\n\r\nevent: delta\ndata: {"text":" there"}\n',
      '\ndata: {"plain":true}\n\n',
    ]);
    expect(events).toEqual([
      ["delta", { text: "Hello" }],
      ["delta", { text: " there" }],
      ["message", { plain: true }],
    ]);
  });

  it("a 4xx before streaming is an ApiError with the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: "Monthly usage limit reached.", code: "usage_limit" }),
            {
              status: 402,
              headers: { "content-type": "application/json" },
            },
          ),
      ),
    );
    await expect(apiStream("/api/chat", {}, () => {})).rejects.toMatchObject({
      status: 402,
      code: "usage_limit",
      message: "Monthly usage limit reached.",
    });
  });
});
