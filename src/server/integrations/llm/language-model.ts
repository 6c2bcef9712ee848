/**
 * The one interface every model sits behind: an OpenAI-compatible endpoint when configured,
 * otherwise nothing (callers use their built-in generators) — and for chat, the built-in
 * offline assistant. Tests inject fakes through buildApp({ llm }).
 */
export type LlmMessage = { role: "system" | "user" | "assistant"; content: string };

/** What the assistant knows about the person (also written into the system prompt). */
export type AssistantContext = {
  domain: string;
  summary: string;
  /** The questionnaire answers, e.g. productivity: struggle, peak_time, work_style … */
  answers?: Record<string, unknown>;
  /** The saved profile's peak hours as the person's locale writes them ("8:00 AM – 11:00 AM"). */
  peakHours?: string;
  /** The person has a saved productivity profile: never ask them to answer the questionnaire. */
  questionnaireDone?: boolean;
};

/** A function the model may call (OpenAI tool-calling format). */
export type ToolSpec = {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
};

export type ToolUse = {
  tools: ToolSpec[];
  /** Runs a call; the returned text goes back to the model. Never throws. */
  run: (name: string, args: unknown) => Promise<string>;
  /** Model round trips allowed in one turn. */
  maxSteps: number;
};

export type CompletionRequest = {
  messages: LlmMessage[];
  /** Read by the offline assistant; a real model reads the system prompt instead. */
  context?: AssistantContext;
  model?: string;
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object (the caller still validates it with zod). */
  json?: boolean;
  /** Tools a real model may call; the offline assistant runs its own (and ignores this). */
  toolUse?: ToolUse;
  signal?: AbortSignal;
};

export type Completion = { text: string; tokensUsed: number; model: string };

export type LanguageModel = {
  kind: "openai" | "offline" | "fake";
  complete(request: CompletionRequest): Promise<Completion>;
  /** Yields text deltas; the final value carries the totals. */
  stream(request: CompletionRequest): AsyncGenerator<string, Completion>;
};

/** Model output that failed validation or the call itself failed; callers fall back. */
export class LlmError extends Error {
  override name = "LlmError";
  constructor(
    message: string,
    readonly kind: "timeout" | "rate_limited" | "unavailable" | "bad_output" = "unavailable",
  ) {
    super(message);
  }
}
