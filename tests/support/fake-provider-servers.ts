import http from "node:http";
import type { AddressInfo } from "node:net";

type Recorded = { url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/** A loopback server; `answer` writes the streamed reply of each request. */
async function loopback(answer: (req: Recorded, res: http.ServerResponse) => void) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const recorded = { url: req.url ?? "", headers: req.headers, body: JSON.parse(raw || "{}") };
      requests.push(recorded);
      answer(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const words = (text: string) => text.split(/(?<= )/);

/**
 * Speaks Anthropic's Messages API (POST /v1/messages, server-sent events: message_start,
 * content_block_start/delta/stop, message_delta with the stop reason and usage, message_stop).
 */
export async function startFakeAnthropic(reply: string) {
  const server = await loopback((req, res) => {
    if (req.url !== "/v1/messages" || req.body.stream !== true) {
      res.writeHead(404, { "content-type": "application/json" }).end("{}");
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const send = (type: string, data: object) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send("message_start", {
      message: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: req.body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 20, output_tokens: 1 },
      },
    });
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    for (const text of words(reply))
      send("content_block_delta", { index: 0, delta: { type: "text_delta", text } });
    send("content_block_stop", { index: 0 });
    send("message_delta", {
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 10 },
    });
    send("message_stop", {});
    res.end();
  });
  return { ...server, baseUrl: `${server.origin}/v1` };
}

/**
 * Speaks the Gemini API (POST /v1beta/models/{model}:streamGenerateContent?alt=sse: each event a
 * GenerateContentResponse; the last carries the finish reason and the usage).
 */
export async function startFakeGoogle(reply: string) {
  const server = await loopback((req, res) => {
    const match = /^\/v1beta\/models\/([^:]+):streamGenerateContent\?alt=sse$/.exec(req.url);
    if (!match) {
      res.writeHead(404, { "content-type": "application/json" }).end("{}");
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const parts = words(reply);
    parts.forEach((text, i) => {
      const last = i === parts.length - 1;
      res.write(
        `data: ${JSON.stringify({
          candidates: [
            {
              content: { role: "model", parts: [{ text }] },
              index: 0,
              ...(last ? { finishReason: "STOP" } : {}),
            },
          ],
          ...(last
            ? {
                usageMetadata: {
                  promptTokenCount: 20,
                  candidatesTokenCount: 10,
                  totalTokenCount: 30,
                },
              }
            : {}),
          modelVersion: match[1],
        })}\r\n\r\n`,
      );
    });
    res.end();
  });
  return { ...server, baseUrl: `${server.origin}/v1beta` };
}
