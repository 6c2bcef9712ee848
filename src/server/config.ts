import { randomBytes } from "node:crypto";
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
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Only for tests and self-hosted identity providers that speak Google's OpenID Connect. */
  GOOGLE_ISSUER: optionalString.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  LLM_MODEL: z.string().default("gpt-4.1-nano"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  /** Number of proxy hops to trust for the client address (0 = none). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: URL;
  /** true when PUBLIC_URL points at this machine: only then may development defaults run. */
  isLocal: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  llm: { apiKey: string | undefined; baseUrl: string | undefined; model: string };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    priceStarter: string | undefined;
    pricePro: string | undefined;
  };
  trustProxy: number;
  logLevel: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
export function isLocalUrl(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
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

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    isLocal,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? localSessionSecret(dataDir),
    google,
    llm: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.LLM_MODEL },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceStarter: e.STRIPE_PRICE_STARTER,
      pricePro: e.STRIPE_PRICE_PRO,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}

/** Generated once and kept under DATA_DIR, so local sessions survive restarts. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
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
