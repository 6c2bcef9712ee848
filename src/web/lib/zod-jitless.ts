// Zod probes whether it may compile validators with `new Function` — when a schema is built,
// not only when one parses; our CSP forbids eval (script-src 'self'), so the probe would log a
// CSP violation. Jitless mode skips it. Zod keeps its settings on
// `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and reads `jitless` when a schema is
// built, so this sets it without loading zod: main.tsx imports this first, before any chunk
// builds a schema (a module that validates also imports it, for its tests and the prerender).
// The server, under no CSP, keeps the compiled validators.
type WithZodConfig = { __zod_globalConfig?: { jitless?: boolean } };
const holder = globalThis as typeof globalThis & WithZodConfig;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
