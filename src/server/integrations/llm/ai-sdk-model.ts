import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Middleware,
} from "@ai-sdk/provider";
import type { ModelMessage, ToolSet } from "ai";
import {
  type CalendarAccess,
  type Completion,
  type CompletionRequest,
  type LanguageModel,
  LlmError,
  type LlmMessage,
} from "./language-model.ts";

const RETRY_DELAY_MS = 250;

export type AiSdkModelOptions = {
  /** The provider's model by id (an AI SDK provider, or a test's MockLanguageModelV3). */
  provider: (modelId: string) => LanguageModelV3 | Promise<LanguageModelV3>;
  /** The model asked for unless a request names one. */
  model: string;
  /** Whole call, from request to last token. */
  totalTimeoutMs?: number;
  /** Longest silence allowed before the first byte and between streamed chunks. */
  idleTimeoutMs?: number;
};

/**
 * A provider's model through the AI SDK: streaming, tool calling with zod-described tools and a
 * step limit (`streamText`). Explicit deadlines: a total one and an idle one, so a stalled
 * stream ends with an error instead of hanging. At most one retry after a 5xx or a connection
 * failure, and only before anything of that step has streamed: the retry wraps the opening of
 * the provider's stream (its response headers), never its reading, so tokens already shown to
 * the user are never repeated. The SDK's own retries are off (they would also retry a 429 and
 * wait seconds between attempts).
 */
export function createAiSdkModel(opts: AiSdkModelOptions): LanguageModel {
  const totalMs = opts.totalTimeoutMs ?? 60_000;
  const idleMs = opts.idleTimeoutMs ?? 20_000;
  // the SDK is imported on the first call, not at start-up (~0.15 s of a cold start)
  let sdk: Promise<typeof import("ai")> | undefined;
  const ai = () => (sdk ??= import("ai"));

  async function modelFor(request: CompletionRequest, d: Deadlines) {
    const { wrapLanguageModel } = await ai();
    const middleware: LanguageModelV3Middleware[] = [retryOnce(d)];
    if (request.json) middleware.push(JSON_RESPONSE);
    return wrapLanguageModel({
      model: await opts.provider(request.model ?? opts.model),
      middleware,
    });
  }

  const settings = (request: CompletionRequest) => ({
    temperature: request.temperature ?? 0.7,
    maxOutputTokens: request.maxTokens ?? 1000,
    maxRetries: 0,
  });

  async function complete(request: CompletionRequest): Promise<Completion> {
    if (request.calendar) {
      const it = stream(request);
      let step = await it.next();
      while (!step.done) step = await it.next();
      return step.value;
    }
    const d = deadlines(totalMs, idleMs, request.signal);
    try {
      const { generateText } = await ai();
      const model = await modelFor(request, d);
      d.touch(); // loading the SDK is not provider silence
      const result = await generateText({
        model,
        ...prompt(request.messages, undefined),
        ...settings(request),
        abortSignal: d.signal,
      });
      if (!result.text) throw new LlmError("The model returned an empty answer.", "bad_output");
      return {
        text: result.text,
        tokensUsed: tokens(result.totalUsage),
        model: result.response.modelId,
      };
    } catch (err) {
      throw translate(err, d.reason());
    } finally {
      d.done();
    }
  }

  /**
   * Streams the reply. With the calendar, a turn may take several steps: the SDK runs the tool
   * calls and sends their results back, at most `maxSteps` times; the last step is offered no
   * tools, so the model answers in words. Text deltas are passed on as they come.
   */
  async function* stream(request: CompletionRequest): AsyncGenerator<string, Completion> {
    const d = deadlines(totalMs, idleMs, request.signal);
    let finished = false;
    try {
      const { streamText, stepCountIs } = await ai();
      const calendar = request.calendar;
      const model = await modelFor(request, d);
      const tools = calendar ? touching(await calendar.tools(), d) : undefined;
      d.touch(); // loading the SDK is not provider silence
      const result = streamText({
        model,
        ...prompt(request.messages, calendar),
        ...settings(request),
        ...(calendar
          ? {
              tools,
              stopWhen: stepCountIs(calendar.maxSteps + 1),
              prepareStep: ({ stepNumber }: { stepNumber: number }) =>
                stepNumber >= calendar.maxSteps ? { activeTools: [] } : undefined,
            }
          : {}),
        abortSignal: d.signal,
        onError: () => {}, // read from the stream below
      });
      let text = "";
      let tokensUsed = 0;
      let modelId = request.model ?? opts.model;
      for await (const part of result.fullStream) {
        d.touch();
        if (part.type === "text-delta" && part.text) {
          text += part.text;
          yield part.text;
        } else if (part.type === "finish-step") {
          tokensUsed += tokens(part.usage);
          modelId = part.response.modelId || modelId;
        } else if (part.type === "error") {
          throw part.error;
        }
      }
      // an aborted stream ends quietly: a cut-off reply is a failure
      if (d.signal.aborted) throw new LlmError("The model stream was interrupted.");
      if (!text) throw new LlmError("The model returned an empty answer.", "bad_output");
      finished = true;
      return { text, tokensUsed, model: modelId };
    } catch (err) {
      throw translate(err, d.reason());
    } finally {
      if (!finished) d.abort(); // a consumer that stopped reading ends the provider's stream
      d.done();
    }
  }

  return { kind: "provider", complete, stream };
}

type Deadlines = ReturnType<typeof deadlines>;

/** An AbortController that fires on the total deadline, on idleness, or on the caller's signal. */
function deadlines(totalMs: number, idleMs: number, signal: AbortSignal | undefined) {
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
  if (signal?.aborted) controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  touch();
  return {
    signal: controller.signal,
    touch,
    abort: () => controller.abort(),
    reason: () => reason,
    done: () => {
      clearTimeout(total);
      clearTimeout(idle);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** 5xx answers and connection failures (no status) may be retried; a 4xx or 429 may not. */
const retryable = (err: unknown) =>
  APICallError.isInstance(err) && (err.statusCode === undefined || err.statusCode >= 500);

/**
 * One retry of the provider call. For a stream, the call resolves once the response has
 * started, before any part is read, so a retry never repeats streamed text.
 */
function retryOnce(d: Deadlines): LanguageModelV3Middleware {
  async function once<T>(call: () => PromiseLike<T>): Promise<T> {
    d.touch(); // the provider's silence is measured from the request on, not our own set-up
    try {
      return await call();
    } catch (err) {
      if (!retryable(err) || d.signal.aborted) throw err;
      await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
      d.touch();
      return call();
    }
  }
  return {
    specificationVersion: "v3",
    wrapGenerate: ({ doGenerate }) => once(doGenerate),
    wrapStream: ({ doStream }) => once(doStream),
  };
}

/** Asks for a JSON object (OpenAI's json_object, Google's JSON MIME type). */
const JSON_RESPONSE: LanguageModelV3Middleware = {
  specificationVersion: "v3",
  transformParams: async ({ params }) => ({ ...params, responseFormat: { type: "json" } }),
};

/** Our own work between steps (running a tool) is not provider silence. */
function touching(tools: ToolSet, d: Deadlines): ToolSet {
  return Object.fromEntries(
    Object.entries(tools).map(([name, t]) => {
      const execute = t.execute;
      if (!execute) return [name, t];
      return [
        name,
        {
          ...t,
          execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
            try {
              return await execute(input, options);
            } finally {
              d.touch();
            }
          },
        },
      ];
    }),
  );
}

/**
 * The system prompt goes in the SDK's own field (never among the messages, where it could be
 * injected); the calendar's instructions join it when its tools are offered.
 */
function prompt(messages: LlmMessage[], calendar: CalendarAccess | undefined) {
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .concat(calendar ? [calendar.instructions] : [])
    .join("\n\n");
  const rest: ModelMessage[] = messages.flatMap((m) =>
    m.role === "user" || m.role === "assistant" ? [{ role: m.role, content: m.content }] : [],
  );
  return { ...(system ? { system } : {}), messages: rest };
}

const tokens = (usage: {
  totalTokens?: number | undefined;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}) => usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);

function translate(err: unknown, reason: "timeout" | "idle" | undefined): LlmError {
  if (reason === "idle") return new LlmError("The model stopped responding.", "timeout");
  if (reason === "timeout") return new LlmError("The model took too long to answer.", "timeout");
  if (APICallError.isInstance(err) && err.statusCode === 429) {
    return new LlmError("The model provider is rate limiting us.", "rate_limited");
  }
  if (err instanceof LlmError) return err;
  return new LlmError(`The model call failed: ${(err as Error).message}`, "unavailable");
}
