import { z } from "zod";

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "E-mail address is too long")
  .pipe(z.email("Enter a valid e-mail address"));

export const devLoginRequest = z.strictObject({ email });
export type DevLoginRequest = z.infer<typeof devLoginRequest>;

export const sessionUser = z.object({ id: z.uuid(), email: z.string() });
export type SessionUser = z.infer<typeof sessionUser>;

/** Answer of dev-login and refresh: a short-lived bearer token kept in memory by the web app. */
export const authSession = z.object({ accessToken: z.string(), user: sessionUser });
export type AuthSession = z.infer<typeof authSession>;

/** What the server runs with, so the UI can say which embedded defaults are in use. */
export const appMeta = z.object({
  signIn: z.object({ google: z.boolean(), development: z.boolean() }),
  /** Which calendar providers can be connected by consent (Google needs Google sign-in). */
  connect: z.object({ microsoft: z.boolean() }),
  modes: z.object({
    database: z.enum(["pglite", "postgres"]),
    assistant: z.enum(["offline", "model"]),
    billing: z.enum(["demo", "stripe", "unavailable"]),
  }),
});
export type AppMeta = z.infer<typeof appMeta>;
