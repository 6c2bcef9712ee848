import type { ToolSet } from "ai";

/**
 * The one interface every model sits behind: a provider's model through the AI SDK
 * (ai-sdk-model.ts: any OpenAI-compatible endpoint, Anthropic or Google) when one is
 * configured, otherwise nothing (callers use their built-in generators) — and for chat, the
 * built-in offline assistant (offline-assistant.ts). Tests give buildApp({ llm }) their own.
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
  /**
   * How Sage plans for the person now — How you work, with what it learned (issue 27): the
   * numbers a reply quotes, so chat never contradicts the planner.
   */
  plan?: PlanFacts;
};

export type PlanFacts = {
  focusBlockMinutes: number;
  breakMinutes: number;
  bufferMinutes: number;
  dailyLoadCapMinutes: number;
  /** 1.25: estimates are planned a quarter longer. */
  estimatePadding: number;
  /**
   * The peak is the questionnaire's answer as given (not edited in How you work, not learned):
   * only then may a reply name it by the answer's word ("your morning").
   */
  peakAsAnswered: boolean;
  /** The peak hours were learned from what the person did, not only said. */
  learnedHours: boolean;
  /** The padding was learned from how long the person's tasks really took. */
  learnedEstimate: boolean;
};

/**
 * What a chat turn lets the assistant do to the person's calendar, bound to that person. A
 * provider's model is offered `tools`; the built-in assistant understands plain requests
 * itself and runs them through `act`. Both record what changed in the same place.
 */
export type CalendarAccess = {
  /** AI SDK tools, their arguments described by zod schemas (loads the SDK). Never throw. */
  tools(): Promise<ToolSet>;
  /** Model round trips that may call tools; one more answers without them. */
  maxSteps: number;
  /** Added to the system prompt when the tools are offered (now, the time zone, how to use them). */
  instructions: string;
  /**
   * The built-in assistant's understanding: a calendar request or small talk in plain words is
   * answered (and run); anything else is undefined, and the assistant simply talks.
   */
  act(
    message: string,
    history: LlmMessage[],
  ): Promise<{ text: string; uncharged?: boolean } | undefined>;
};

export type CompletionRequest = {
  messages: LlmMessage[];
  /** Read by the built-in assistant; a provider's model reads the system prompt instead. */
  context?: AssistantContext;
  model?: string;
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object (the caller still validates it with zod). */
  json?: boolean;
  /** The person's calendar, for a chat turn. */
  calendar?: CalendarAccess;
  signal?: AbortSignal;
};

export type Completion = {
  text: string;
  tokensUsed: number;
  model: string;
  /**
   * The reply read and changed nothing (issue 28): the built-in assistant did not understand
   * and asks for the next step, asked back about the person's own words (which event, what
   * time, a proposal not yet answered, a "no"), or answered small talk. The exchange is
   * stored, but costs no allowance.
   */
  uncharged?: boolean;
};

export type LanguageModel = {
  /** A provider's model writes JSON and calls tools; the built-in assistant does neither. */
  kind: "provider" | "built-in";
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
