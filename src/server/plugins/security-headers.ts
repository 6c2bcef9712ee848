import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config.ts";

/** Helmet's options: a strict CSP, HSTS behind https. */
function helmetOptions(config: Config): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // inline styles, not scripts: Radix dialogs inject a <style> (scroll lock); see
        // docs/decisions/010-inline-styles-in-csp.md
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.protocol === "https:" ? [] : null,
      },
    },
    hsts: config.publicUrl.protocol === "https:",
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options. They depend on the configuration only (no
 * nonces), so they are computed once: @fastify/helmet rebuilt helmet's middleware —
 * parsing the CSP directives again — on every request (issue 20's profile).
 */
export function securityHeaders(config: Config): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return [...headers];
}

/**
 * Security headers on every answer (a strict CSP), and no caching of API answers: they are
 * one person's data (or carry a token), so no browser or proxy keeps them, unless a route
 * chose its own caching (the feed). The headers go on the raw response, as helmet put
 * them, so a route that writes its own head (the chat's stream) carries them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}
