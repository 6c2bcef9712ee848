import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeOpenAiMode =
  | "ok"
  | "stream"
  | "500"
  | "429"
  | "stall-headers"
  | "stall-midstream"
  | "malformed"
  /** answers normally after SLOW_MS (graceful-shutdown tests need a request in flight) */
  | "slow"
  /** streams its words DRIP_MS apart (a stream still open when the server is told to stop) */
  | "drip"
  /** Calls `toolCall` once, then answers with the tool's result. */
  | "tools"
  /** Keeps calling the tool for as long as tools are offered. */
  | "tools-loop";

export type FakeToolCall = { name: string; arguments: object };

export const SLOW_MS = 1500;
export const DRIP_MS = 400;

/**
 * A loopback server speaking the OpenAI chat-completions protocol (JSON and SSE streaming),
 * with switchable failure modes. Counts requests so tests can check retries.
 */
export async function startFakeOpenAi(reply = "Hello from the fake model.") {
  let mode: FakeOpenAiMode = "ok";
  let toolCall: FakeToolCall = { name: "list_events", arguments: {} };
  let requests = 0;
  const bodies: unknown[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      if (mode === "slow") setTimeout(answer, SLOW_MS);
      else answer();
    });
    const answer = () => {
      requests++;
      const body = JSON.parse(raw || "{}");
      bodies.push(body);
      open.add(res);
      res.on("close", () => open.delete(res));
      if (req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const model = body.model ?? "gpt-4.1-nano";
      switch (mode) {
        case "500":
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "boom", type: "server_error" } }));
          return;
        case "429":
          res.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
          res.end(JSON.stringify({ error: { message: "slow down", type: "rate_limit" } }));
          return;
        case "stall-headers":
          return; // never answers
        case "ok":
        case "stream":
        case "stall-midstream":
        case "malformed":
        case "slow":
        case "drip":
          break;
      }
      if (mode === "malformed" && !body.stream) {
        // a 200 whose JSON breaks off
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"mess');
        return;
      }
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              { index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" },
            ],
            usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      if (mode === "tools" || mode === "tools-loop") {
        const messages = body.messages as { role: string; content: string | null }[];
        const lastTool = [...messages].reverse().find((m) => m.role === "tool");
        const callAgain = body.tools && (mode === "tools-loop" || !lastTool);
        if (callAgain) {
          chunk({
            role: "assistant",
            tool_calls: [
              {
                index: 0,
                id: `call_${requests}`,
                type: "function",
                function: { name: toolCall.name, arguments: "" },
              },
            ],
          });
          const args = JSON.stringify(toolCall.arguments);
          for (const part of [args.slice(0, 10), args.slice(10)]) {
            chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] });
          }
          chunk({}, "tool_calls");
          res.end("data: [DONE]\n\n");
          return;
        }
        chunk({
          role: "assistant",
          content: mode === "tools" && lastTool ? `Done. ${lastTool.content}` : "I stopped there.",
        });
        chunk({}, "stop");
        res.end("data: [DONE]\n\n");
        return;
      }
      const words = reply.split(/(?<= )/);
      chunk({ role: "assistant", content: words[0] });
      if (mode === "stall-midstream") return; // one token, then silence
      if (mode === "malformed") {
        // one good token, then a chunk that is not JSON, then the stream ends without [DONE]
        res.end('data: {"id":"c1","choices":[{"delta":{"content":"ha\n\n');
        return;
      }
      if (mode === "drip") {
        const rest = words.slice(1);
        const drip = () => {
          const w = rest.shift();
          if (w !== undefined) {
            chunk({ content: w });
            setTimeout(drip, DRIP_MS);
            return;
          }
          chunk({}, "stop");
          res.write(
            `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model, choices: [], usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 } })}\n\n`,
          );
          res.end("data: [DONE]\n\n");
        };
        setTimeout(drip, DRIP_MS);
        return;
      }
      for (const w of words.slice(1)) chunk({ content: w });
      chunk({}, "stop");
      res.write(
        `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model, choices: [], usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 } })}\n\n`,
      );
      res.end("data: [DONE]\n\n");
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    setMode: (m: FakeOpenAiMode, call?: FakeToolCall) => {
      mode = m;
      if (call) toolCall = call;
      requests = 0;
    },
    requests: () => requests,
    bodies,
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
