import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset (or empty): loopback while development sign-in or demo billing runs, else 0.0.0.0. */
  HOST: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** PostgreSQL connections per instance (N instances hold N × this of max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Only for tests and self-hosted identity providers that speak Google's OpenID Connect. */
  GOOGLE_ISSUER: optionalString.pipe(z.url().optional()),
  /** Google Calendar API v3's base (tests point it at a loopback server). */
  GOOGLE_API_BASE: z.url().default("https://www.googleapis.com"),
  /** Microsoft 365 / Outlook.com calendars through Microsoft Graph (decision 040). */
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  /** common (work, school and personal accounts), organizations, consumers, or a tenant id. */
  MICROSOFT_TENANT: optionalString.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/,
        "must be common, organizations, consumers or a tenant id",
      )
      .optional(),
  ),
  /** The identity platform's host (tests point it at a loopback server). */
  MICROSOFT_AUTHORITY: z.url().default("https://login.microsoftonline.com"),
  /** Microsoft Graph's base, with its version (tests point it at a loopback server). */
  MICROSOFT_GRAPH_BASE: z.url().default("https://graph.microsoft.com/v1.0"),
  /** Which provider answers; unset: the first whose key (or OpenAI base URL) is set. */
  LLM_PROVIDER: optionalString.pipe(z.enum(["openai", "anthropic", "google"]).optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString.pipe(z.url().optional()),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalString.pipe(z.url().optional()),
  /** Unset: the provider's default (DEFAULT_MODELS). */
  LLM_MODEL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  /** Number of proxy hops to trust for the client address (0 = none). */
  /** Seals connected calendars' credentials (AES-256-GCM); any text of 32+ characters. */
  CALENDAR_SECRET_KEY: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type LlmProvider = "openai" | "anthropic" | "google";

/** The model asked for when LLM_MODEL is not set. */
export const DEFAULT_MODELS: Record<LlmProvider, string> = {
  openai: "gpt-4.1-nano",
  anthropic: "claude-haiku-4-5",
  google: "gemini-2.5-flash",
};

/**
 * The provider and its key and base URL: LLM_PROVIDER when set, else the first configured of
 * OpenAI-compatible (a key or a base URL: local servers need no key), Anthropic, Google.
 */
function llmSettings(e: z.output<typeof envSchema>): Config["llm"] {
  const keys = {
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
    anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL },
    google: { apiKey: e.GOOGLE_GENERATIVE_AI_API_KEY, baseUrl: e.GOOGLE_GENERATIVE_AI_BASE_URL },
  };
  const provider =
    e.LLM_PROVIDER ??
    (e.OPENAI_API_KEY || e.OPENAI_BASE_URL
      ? "openai"
      : e.ANTHROPIC_API_KEY
        ? "anthropic"
        : e.GOOGLE_GENERATIVE_AI_API_KEY
          ? "google"
          : undefined);
  if (!provider)
    return {
      provider,
      apiKey: undefined,
      baseUrl: undefined,
      model: e.LLM_MODEL ?? DEFAULT_MODELS.openai,
    };
  const { apiKey, baseUrl } = keys[provider];
  if (!apiKey && !(provider === "openai" && baseUrl)) {
    const name = {
      openai: "OPENAI_API_KEY",
      anthropic: "ANTHROPIC_API_KEY",
      google: "GOOGLE_GENERATIVE_AI_API_KEY",
    }[provider];
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: required when LLM_PROVIDER is ${provider}`,
    );
  }
  return { provider, apiKey, baseUrl, model: e.LLM_MODEL ?? DEFAULT_MODELS[provider] };
}

export type Config = {
  port: number;
  /** What `listen` binds first (src/server/listen.ts adds ::1 while loopback-only). */
  host: string;
  /**
   * true when HOST was not set and a local-only feature (development sign-in, demo billing)
   * is on: the server then listens on loopback only, so no other machine can reach them.
   */
  loopbackOnly: boolean;
  publicUrl: URL;
  /** true when PUBLIC_URL points at this machine: only then may development defaults run. */
  isLocal: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this instance may hold (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  sessionSecret: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** The model provider (undefined: none, the built-in assistant answers) and its settings. */
  llm: {
    provider: LlmProvider | undefined;
    apiKey: string | undefined;
    baseUrl: string | undefined;
    model: string;
  };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    priceStarter: string | undefined;
    pricePro: string | undefined;
  };
  trustProxy: number;
  logLevel: string;
  /**
   * The 32-byte key sealing connected calendars' credentials: from CALENDAR_SECRET_KEY, or
   * generated into DATA_DIR on localhost; undefined elsewhere (connecting is then refused).
   */
  calendarKey: Buffer | undefined;
  /** Google Calendar API v3's base URL (GOOGLE_API_BASE). */
  googleApiBase: string;
  /** Microsoft Graph calendars, when MICROSOFT_CLIENT_ID and _SECRET are set. */
  microsoft: MicrosoftConfig | undefined;
};

export type MicrosoftConfig = {
  clientId: string;
  clientSecret: string;
  tenant: string;
  /** The identity platform's origin, no trailing slash (MICROSOFT_AUTHORITY). */
  authority: string;
  /** Graph's base with its version, no trailing slash (MICROSOFT_GRAPH_BASE). */
  graphBase: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
export function isLocalUrl(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
}

/** The names of this machine's loopback interface: one local origin may be written any of them. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a browser's Origin header names this app: PUBLIC_URL's origin exactly, or — when
 * PUBLIC_URL is a loopback address — the same scheme and port under another loopback name
 * (opening http://127.0.0.1:3000 when PUBLIC_URL says http://localhost:3000).
 */
export function isOwnOrigin(origin: string, publicUrl: URL): boolean {
  if (origin === publicUrl.origin) return true;
  if (!LOOPBACK_NAMES.has(publicUrl.hostname)) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    LOOPBACK_NAMES.has(url.hostname) &&
    url.protocol === publicUrl.protocol &&
    url.port === publicUrl.port &&
    url.origin === origin
  );
}

/**
 * Reads and validates the environment once at start-up. Throws ConfigError naming the
 * offending variable; never returns a half-valid config.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const isLocal = isLocalUrl(publicUrl);
  const dataDir = path.resolve(e.DATA_DIR);

  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  const google = e.GOOGLE_CLIENT_ID
    ? {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET!,
        issuer: e.GOOGLE_ISSUER ?? "https://accounts.google.com",
      }
    : undefined;
  if (Boolean(e.MICROSOFT_CLIENT_ID) !== Boolean(e.MICROSOFT_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together",
    );
  }
  if (e.STRIPE_SECRET_KEY) {
    const missing = (
      ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO"] as const
    ).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.join(", ")}: required with STRIPE_SECRET_KEY (webhooks keep plans in sync; checkout needs both price ids)`,
      );
    }
  }
  if (!isLocal && !google) {
    throw new ConfigError(
      `Invalid configuration:\n  GOOGLE_CLIENT_ID: required when PUBLIC_URL (${publicUrl.origin}) is not a localhost address — development sign-in only runs locally`,
    );
  }
  if (!isLocal && !e.SESSION_SECRET) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_SECRET: required when PUBLIC_URL (${publicUrl.origin}) is not a localhost address`,
    );
  }

  // development sign-in runs without Google, demo billing without Stripe, both only locally
  const localOnlyFeatures = isLocal && (!google || !e.STRIPE_SECRET_KEY);
  const loopbackOnly = !e.HOST && localOnlyFeatures;

  return {
    port: e.PORT,
    host: e.HOST ?? (loopbackOnly ? "127.0.0.1" : "0.0.0.0"),
    loopbackOnly,
    publicUrl,
    isLocal,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir, "session-secret"),
    google,
    llm: llmSettings(e),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceStarter: e.STRIPE_PRICE_STARTER,
      pricePro: e.STRIPE_PRICE_PRO,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    googleApiBase: e.GOOGLE_API_BASE.replace(/\/+$/, ""),
    microsoft: e.MICROSOFT_CLIENT_ID
      ? {
          clientId: e.MICROSOFT_CLIENT_ID,
          clientSecret: e.MICROSOFT_CLIENT_SECRET!,
          tenant: e.MICROSOFT_TENANT ?? "common",
          authority: e.MICROSOFT_AUTHORITY.replace(/\/+$/, ""),
          graphBase: e.MICROSOFT_GRAPH_BASE.replace(/\/+$/, ""),
        }
      : undefined,
    calendarKey: e.CALENDAR_SECRET_KEY
      ? createHash("sha256").update(e.CALENDAR_SECRET_KEY).digest()
      : isLocal
        ? createHash("sha256").update(localSecret(dataDir, "calendar-secret-key")).digest()
        : undefined,
  };
}

/**
 * Generated once and kept under DATA_DIR, so local sessions (and sealed calendar
 * credentials) survive restarts.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first run: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
