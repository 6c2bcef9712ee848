import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/**
 * Security headers on every answer (a strict CSP), and no caching of API answers: they are
 * one person's data (or carry a token), so no browser or proxy keeps them, unless a route
 * chose its own caching (the feed).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });

  await app.register(helmet, {
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
  });
}
