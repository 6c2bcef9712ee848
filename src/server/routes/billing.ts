import type { FastifyInstance } from "fastify";
import { createCheckout } from "../billing/create-checkout.ts";
import { createPortal } from "../billing/create-portal.ts";
import { listPlans } from "../billing/list-plans.ts";
import { requireBillingUser } from "../billing/require-billing-user.ts";
import { verifyPayment } from "../billing/verify-payment.ts";
import type { AppContext } from "../context.ts";
import { defineRoute } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export const CHECKOUT_RATE_LIMIT = { name: "checkout", max: 10, windowSeconds: 60 };

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  // the payment pages' own 401 texts (spec §8)
  const authenticate = requireBillingUser(ctx);
  const limited = (name: string, max: number) => ({
    authenticate,
    preHandler: [rateLimit(ctx.db, { name, max, windowSeconds: 60, by: "user" })],
  });
  const deps = (log: FastifyInstance["log"]) => ({
    db: ctx.db,
    billing: ctx.billing,
    publicUrl: ctx.config.publicUrl,
    log,
  });

  defineRoute(app, ctx, "listPlans", async () => listPlans(ctx.billing), {
    preHandler: [rateLimit(ctx.db, { name: "plans", max: 300, windowSeconds: 60 })],
  });

  defineRoute(
    app,
    ctx,
    "createCheckout",
    async ({ user, body, request }) => createCheckout(deps(request.log), user, body),
    limited(CHECKOUT_RATE_LIMIT.name, CHECKOUT_RATE_LIMIT.max),
  );

  defineRoute(
    app,
    ctx,
    "createPortal",
    async ({ user, body, request }) => createPortal(deps(request.log), user, body),
    limited("portal", 10),
  );

  defineRoute(
    app,
    ctx,
    "verifyPayment",
    async ({ user, body, request }) => verifyPayment(deps(request.log), user, body.sessionId),
    limited("verify-payment", 30),
  );
}
