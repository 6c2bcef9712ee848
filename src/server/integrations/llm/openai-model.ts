import type OpenAI from "openai";
import {
  type Completion,
  type CompletionRequest,
  type LanguageModel,
  LlmError,
} from "./language-model.ts";

const RETRY_DELAY_MS = 250;

export type OpenAiModelOptions = {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  /** Whole call, from request to last token. */
  totalTimeoutMs?: number;
  /** Longest silence allowed before the first byte and between streamed chunks. */
  idleTimeoutMs?: number;
};

/**
 * Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server). Explicit
 * deadlines: a total one and an idle one, so a stalled stream ends with an error instead of
 * hanging. At most one retry after a 5xx or a connection failure, and only before anything
 * of that step has streamed (tokens already shown to the user are never repeated).
 */
export function createOpenAiModel(opts: OpenAiModelOptions): LanguageModel {
  const totalMs = opts.totalTimeoutMs ?? 60_000;
  const idleMs = opts.idleTimeoutMs ?? 20_000;
  // the SDK is imported on the first call, not at start-up (~0.1 s of a cold start); its
  // error classes are known from then on, and no error can come from it before
  let sdk: typeof OpenAI | undefined;
  let pending: Promise<OpenAI> | undefined;
  const sdkClient = () =>
    (pending ??= import("openai").then(({ default: Sdk }) => {
      sdk = Sdk;
      return new Sdk({
        apiKey: opts.apiKey ?? "not-needed", // local servers (Ollama, llama.cpp) take any key
        baseURL: opts.baseUrl,
        maxRetries: 0, // our own single retry below, so the idle timer only measures provider silence
        timeout: totalMs,
      });
    }));

  function params(request: CompletionRequest) {
    return {
      model: request.model ?? opts.model,
      messages: request.messages,
      temperature: request.temperature ?? 0.7,
      max_tokens: request.maxTokens ?? 1000,
      ...(request.json ? { response_format: { type: "json_object" as const } } : {}),
    };
  }

  /** An AbortController that fires on the total deadline, on idleness, or on the caller's signal. */
  function deadlines(signal: AbortSignal | undefined) {
    const controller = new AbortController();
    let reason: "timeout" | "idle" | undefined;
    const total = setTimeout(() => {
      reason = "timeout";
      controller.abort();
    }, totalMs);
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        reason = "idle";
        controller.abort();
      }, idleMs);
    };
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    touch();
    return {
      signal: controller.signal,
      touch,
      reason: () => reason,
      done: () => {
        clearTimeout(total);
        clearTimeout(idle);
        signal?.removeEventListener("abort", onAbort);
      },
    };
  }

  function translate(err: unknown, reason: "timeout" | "idle" | undefined): LlmError {
    if (reason === "idle") return new LlmError("The model stopped responding.", "timeout");
    if (reason === "timeout") return new LlmError("The model took too long to answer.", "timeout");
    if (sdk && err instanceof sdk.APIError && err.status === 429) {
      return new LlmError("The model provider is rate limiting us.", "rate_limited");
    }
    if (err instanceof LlmError) return err;
    return new LlmError(`The model call failed: ${(err as Error).message}`, "unavailable");
  }

  const retryable = (err: unknown) =>
    sdk !== undefined &&
    ((err instanceof sdk.APIError && (err.status ?? 0) >= 500) ||
      err instanceof sdk.APIConnectionError);

  async function complete(request: CompletionRequest): Promise<Completion> {
    if (request.toolUse) {
      const it = stream(request);
      let step = await it.next();
      while (!step.done) step = await it.next();
      return step.value;
    }
    const d = deadlines(request.signal);
    const call = async () =>
      (await sdkClient()).chat.completions.create(params(request), { signal: d.signal });
    try {
      let res: Awaited<ReturnType<typeof call>>;
      try {
        res = await call();
      } catch (err) {
        if (!retryable(err) || d.signal.aborted) throw err;
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS)); // at most one retry
        d.touch();
        res = await call();
      }
      const text = res.choices[0]?.message?.content ?? "";
      if (!text) throw new LlmError("The model returned an empty answer.", "bad_output");
      return { text, tokensUsed: res.usage?.total_tokens ?? 0, model: res.model };
    } catch (err) {
      throw translate(err, d.reason());
    } finally {
      d.done();
    }
  }

  /**
   * Streams the reply. With tools, a turn may take several round trips: tool calls are
   * gathered from the stream, run, and their results sent back, at most `maxSteps` times;
   * text deltas are passed on as they come.
   */
  async function* stream(request: CompletionRequest): AsyncGenerator<string, Completion> {
    const d = deadlines(request.signal);
    const tools = request.toolUse;
    const messages: OpenAI.ChatCompletionMessageParam[] = [...request.messages];
    let text = "";
    let tokensUsed = 0;
    let model = params(request).model;
    try {
      for (let step = 0; ; step++) {
        const calls: { id: string; name: string; args: string }[] = [];
        const offerTools = tools && step < tools.maxSteps;
        const client = await sdkClient();
        const open = () =>
          client.chat.completions.create(
            {
              ...params(request),
              messages,
              stream: true,
              stream_options: { include_usage: true },
              ...(offerTools
                ? { tools: tools.tools.map((t) => ({ type: "function" as const, function: t })) }
                : {}),
            },
            { signal: d.signal },
          );
        let chunks: Awaited<ReturnType<typeof open>>;
        try {
          chunks = await open();
        } catch (err) {
          // nothing of this step has streamed yet, so one retry is safe
          if (!retryable(err) || d.signal.aborted) throw err;
          await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
          d.touch();
          chunks = await open();
        }
        let stepText = "";
        for await (const chunk of chunks) {
          d.touch();
          model = chunk.model || model;
          if (chunk.usage) tokensUsed += chunk.usage.total_tokens;
          const delta = chunk.choices[0]?.delta;
          for (const c of delta?.tool_calls ?? []) {
            calls[c.index] ??= { id: "", name: "", args: "" };
            const slot = calls[c.index]!;
            if (c.id) slot.id = c.id;
            if (c.function?.name) slot.name += c.function.name;
            if (c.function?.arguments) slot.args += c.function.arguments;
          }
          if (delta?.content) {
            stepText += delta.content;
            yield delta.content;
          }
        }
        // the SDK ends the iteration quietly when aborted: a cut-off reply is a failure
        if (d.signal.aborted) throw new LlmError("The model stream was interrupted.");
        text += stepText;
        const pending = calls.filter(Boolean);
        if (!tools || pending.length === 0) break;
        messages.push({
          role: "assistant",
          content: stepText || null,
          tool_calls: pending.map((c) => ({
            id: c.id,
            type: "function" as const,
            function: { name: c.name, arguments: c.args },
          })),
        });
        for (const c of pending) {
          let args: unknown;
          try {
            args = JSON.parse(c.args || "{}");
          } catch {
            args = undefined;
          }
          const result =
            args === undefined
              ? "Error: the arguments were not valid JSON."
              : await tools.run(c.name, args);
          d.touch(); // our own work is not provider silence
          messages.push({ role: "tool", tool_call_id: c.id, content: result });
        }
      }
      if (!text) throw new LlmError("The model returned an empty answer.", "bad_output");
      return { text, tokensUsed, model };
    } catch (err) {
      throw translate(err, d.reason());
    } finally {
      d.done();
    }
  }

  return { kind: "openai", complete, stream };
}
