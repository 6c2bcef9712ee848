import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sage-config-"));

describe("loadConfig", () => {
  it("has working defaults for a local run", () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.publicUrl.href).toBe("http://localhost:3000/");
    expect(c.isLocal).toBe(true);
    expect(c.google).toBeUndefined();
    expect(c.llm.model).toBe("gpt-4.1-nano");
    expect(c.databaseUrl).toBeUndefined();
  });

  it("chooses the model provider: LLM_PROVIDER, else the first configured, else none", () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).llm.provider).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dir, OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" }).llm,
    ).toMatchObject({
      provider: "openai",
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "gpt-4.1-nano",
    });
    expect(loadConfig({ DATA_DIR: dir, ANTHROPIC_API_KEY: "a" }).llm).toMatchObject({
      provider: "anthropic",
      apiKey: "a",
      model: "claude-haiku-4-5",
    });
    const both = { DATA_DIR: dir, OPENAI_API_KEY: "o", GOOGLE_GENERATIVE_AI_API_KEY: "g" };
    expect(loadConfig(both).llm.provider).toBe("openai");
    expect(
      loadConfig({ ...both, LLM_PROVIDER: "google", LLM_MODEL: "gemini-x" }).llm,
    ).toMatchObject({ provider: "google", apiKey: "g", model: "gemini-x" });
    expect(() => loadConfig({ DATA_DIR: dir, LLM_PROVIDER: "anthropic" })).toThrow(
      /ANTHROPIC_API_KEY: required when LLM_PROVIDER is anthropic/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, LLM_PROVIDER: "mistral" })).toThrow(ConfigError);
  });

  it("listens on loopback only while development sign-in or demo billing can run, unless HOST is set", () => {
    const local = loadConfig({ DATA_DIR: tmp() });
    expect({ host: local.host, loopbackOnly: local.loopbackOnly }).toEqual({
      host: "127.0.0.1",
      loopbackOnly: true,
    });
    const explicit = loadConfig({ DATA_DIR: tmp(), HOST: "0.0.0.0" });
    expect({ host: explicit.host, loopbackOnly: explicit.loopbackOnly }).toEqual({
      host: "0.0.0.0",
      loopbackOnly: false,
    });
    const deployed = loadConfig({
      DATA_DIR: tmp(),
      PUBLIC_URL: "https://sage.example",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      SESSION_SECRET: "x".repeat(32),
    });
    expect({ host: deployed.host, loopbackOnly: deployed.loopbackOnly }).toEqual({
      host: "0.0.0.0",
      loopbackOnly: false,
    });
  });

  it("generates the session secret once and keeps it under DATA_DIR", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("PUBLIC_URL follows PORT by default", () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: "4123" }).publicUrl.origin).toBe(
      "http://localhost:4123",
    );
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it("Microsoft 365 needs both its client id and secret; the tenant is common by default", () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).microsoft).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, MICROSOFT_CLIENT_ID: "id" })).toThrow(
      /MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together/,
    );
    expect(
      loadConfig({ DATA_DIR: dir, MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: "s" })
        .microsoft,
    ).toEqual({
      clientId: "id",
      clientSecret: "s",
      tenant: "common",
      authority: "https://login.microsoftonline.com",
      graphBase: "https://graph.microsoft.com/v1.0",
    });
    const custom = loadConfig({
      DATA_DIR: dir,
      MICROSOFT_CLIENT_ID: "id",
      MICROSOFT_CLIENT_SECRET: "s",
      MICROSOFT_TENANT: "contoso.onmicrosoft.com",
      MICROSOFT_GRAPH_BASE: "http://127.0.0.1:9/v1.0/",
    }).microsoft;
    expect(custom).toMatchObject({
      tenant: "contoso.onmicrosoft.com",
      graphBase: "http://127.0.0.1:9/v1.0",
    });
    // the tenant becomes a path segment of the identity platform's URLs
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        MICROSOFT_CLIENT_ID: "id",
        MICROSOFT_CLIENT_SECRET: "s",
        MICROSOFT_TENANT: "../evil",
      }),
    ).toThrow(/MICROSOFT_TENANT/);
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        MICROSOFT_CLIENT_ID: "id",
        MICROSOFT_CLIENT_SECRET: "s",
        MICROSOFT_TENANT: "..",
      }),
    ).toThrow(/MICROSOFT_TENANT/);
  });

  it("a public host needs Google sign-in and a session secret", () => {
    expect(() => loadConfig({ PUBLIC_URL: "https://sage.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: "https://sage.example" })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(() =>
      loadConfig({
        PUBLIC_URL: "https://sage.example",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "s",
      }),
    ).toThrow(/SESSION_SECRET/);
    const c = loadConfig({
      PUBLIC_URL: "https://sage.example",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "s",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(c.isLocal).toBe(false);
    expect(c.google?.issuer).toBe("https://accounts.google.com");
  });

  it("Stripe needs its webhook secret and both price ids", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO/,
    );
    const c = loadConfig({
      DATA_DIR: tmp(),
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_STARTER: "price_s",
      STRIPE_PRICE_PRO: "price_p",
    });
    expect(c.stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      priceStarter: "price_s",
      pricePro: "price_p",
    });
  });
});
