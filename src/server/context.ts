import type { FastifyRequest } from "fastify";
import type { AccessTokens } from "./auth/access-token.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { BillingProvider } from "./integrations/billing/billing-provider.ts";
import type { GoogleSignIn } from "./integrations/identity/google.ts";
import type { LanguageModel } from "./integrations/llm/language-model.ts";

/** What route modules are given. Built once in buildApp. */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  tokens: AccessTokens;
  requireUser: (request: FastifyRequest) => Promise<void>;
  google: GoogleSignIn | undefined;
  /** The configured model; undefined when none is (built-in generators take over). */
  llm: LanguageModel | undefined;
  /** The chat's model: the configured one, or the built-in offline assistant. */
  chatModel: LanguageModel;
  /** The clock (tests inject one to cross a month boundary). */
  now: () => Date;
  /** Development sign-in runs only without Google and only on a localhost PUBLIC_URL. */
  devSignIn: boolean;
  /** Stripe, demo billing (localhost only), or undefined: billing unavailable. */
  billing: BillingProvider | undefined;
  /** Answers are checked against the route table's schemas (development and tests). */
  checkResponses: boolean;
};
