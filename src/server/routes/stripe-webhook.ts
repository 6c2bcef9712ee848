import type { FastifyInstance } from "fastify";
import { handleBillingEvent } from "../billing/handle-billing-event.ts";
import type { AppContext } from "../context.ts";
import { AppError, notFound } from "../errors.ts";
import { defineRoute } from "../http/define-route.ts";
import {
  BillingProviderError,
  WebhookSignatureError,
} from "../integrations/billing/billing-provider.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** Per address, in memory, so unsigned floods cost no database work; Stripe retries a 429. */
const WEBHOOK_RATE_LIMIT = { name: "stripe-webhook", max: 600, windowSeconds: 60 };

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this route
 * lives in its own encapsulated plugin whose JSON parser keeps the raw string (the app's
 * parser turns JSON into objects).
 */
export async function registerStripeWebhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    const options = {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      preHandler: [rateLimit(ctx.db, WEBHOOK_RATE_LIMIT)],
    };
    defineRoute(
      scope,
      ctx,
      "stripeWebhook",
      async ({ request }) => {
        const billing = ctx.billing;
        if (billing?.kind !== "stripe" || !billing.parseWebhook) {
          throw notFound("Stripe is not configured.");
        }
        const signature = request.headers["stripe-signature"];
        if (typeof signature !== "string" || signature === "") {
          throw new AppError(400, "bad_request", "Missing Stripe-Signature header.");
        }
        const raw = typeof request.body === "string" ? request.body : "";
        let event: ReturnType<NonNullable<typeof billing.parseWebhook>>;
        try {
          event = billing.parseWebhook(raw, signature);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            request.log.warn({ reason: err.message }, "stripe webhook: signature refused");
            throw new AppError(400, "bad_request", "Invalid webhook signature.");
          }
          throw err;
        }
        try {
          const outcome = await handleBillingEvent(
            { db: ctx.db, billing, log: request.log },
            event,
          );
          return { received: true as const, outcome };
        } catch (err) {
          if (!(err instanceof BillingProviderError)) throw err;
          request.log.error({ err, eventId: event.id }, "stripe webhook: could not re-read Stripe");
          // any non-2xx makes Stripe deliver the event again later
          throw new AppError(502, "service_unavailable", "Could not reach Stripe. Retry later.");
        }
      },
      options,
    );
  });
}
