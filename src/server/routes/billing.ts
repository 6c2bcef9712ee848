import type { FastifyInstance } from "fastify";
import {
  createCheckoutRequest,
  createPortalRequest,
  sessionIdRequest,
} from "../../core/contract/billing.ts";
import { currentUser } from "../auth/authenticate.ts";
import { createCheckout } from "../billing/create-checkout.ts";
import { createPortal } from "../billing/create-portal.ts";
import { listPlans } from "../billing/list-plans.ts";
import { requireBillingUser } from "../billing/require-billing-user.ts";
import { verifyPayment } from "../billing/verify-payment.ts";
import type { AppContext } from "../context.ts";
import { parseInput } from "../errors.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

export const CHECKOUT_RATE_LIMIT = { name: "checkout", max: 10, windowSeconds: 60 };

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireBillingUser(ctx);
  const limited = (name: string, max: number) => ({
    preHandler: [auth, rateLimit(ctx.db, { name, max, windowSeconds: 60, by: "user" })],
  });
  const deps = (log: FastifyInstance["log"]) => ({
    db: ctx.db,
    billing: ctx.billing,
    publicUrl: ctx.config.publicUrl,
    log,
  });

  app.get(
    "/api/plans",
    { preHandler: rateLimit(ctx.db, { name: "plans", max: 300, windowSeconds: 60 }) },
    async () => listPlans(ctx.billing),
  );

  app.post(
    "/api/create-checkout-session",
    limited(CHECKOUT_RATE_LIMIT.name, CHECKOUT_RATE_LIMIT.max),
    async (request) =>
      createCheckout(
        deps(request.log),
        currentUser(request),
        parseInput(createCheckoutRequest, request.body),
      ),
  );

  app.post("/api/create-portal-session", limited("portal", 10), async (request) =>
    createPortal(
      deps(request.log),
      currentUser(request),
      parseInput(createPortalRequest, request.body ?? {}),
    ),
  );

  app.post("/api/verify-payment", limited("verify-payment", 30), async (request) => {
    const { sessionId } = parseInput(sessionIdRequest, request.body);
    return verifyPayment(deps(request.log), currentUser(request), sessionId);
  });
}
