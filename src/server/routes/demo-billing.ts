import type { FastifyInstance } from "fastify";
import { requireLocalRequest } from "../auth/require-loopback-peer.ts";
import {
  cancelDemoSubscription,
  changeDemoPlan,
  completeDemoCheckout,
  readDemoCheckout,
} from "../billing/demo-billing.ts";
import { requireBillingUser } from "../billing/require-billing-user.ts";
import type { AppContext } from "../context.ts";
import { defineRoute, type RouteOptions } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/**
 * The demo provider's own pages call these. They exist only while demo billing runs
 * (localhost without Stripe); anywhere else they are 404, so no public deployment can be
 * upgraded for free. Only this machine may call them (403 for any other peer).
 */
export function registerDemoBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.billing?.kind !== "demo") return;
  const deps = { db: ctx.db, now: ctx.now };
  const options: RouteOptions = {
    before: [requireLocalRequest(ctx.config)],
    authenticate: requireBillingUser(ctx),
    preHandler: [
      rateLimit(ctx.db, { name: "demo-billing", max: 30, windowSeconds: 60, by: "user" }),
    ],
  };

  defineRoute(
    app,
    ctx,
    "demoCheckoutSession",
    async ({ user, params }) => readDemoCheckout(deps, user.id, params.id),
    options,
  );

  defineRoute(
    app,
    ctx,
    "demoCompleteCheckout",
    async ({ user, body }) => completeDemoCheckout(deps, user.id, body.sessionId),
    options,
  );

  defineRoute(
    app,
    ctx,
    "demoChangePlan",
    async ({ user, body }) => ({ subscription: await changeDemoPlan(deps, user.id, body.tier) }),
    options,
  );

  defineRoute(
    app,
    ctx,
    "demoCancelSubscription",
    async ({ user }) => ({ subscription: await cancelDemoSubscription(deps, user.id) }),
    options,
  );
}
