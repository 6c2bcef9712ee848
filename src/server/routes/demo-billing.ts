import type { FastifyInstance } from "fastify";
import { demoChangePlanRequest, sessionIdRequest } from "../../core/contract/billing.ts";
import { currentUser } from "../auth/authenticate.ts";
import { requireLoopbackPeer } from "../auth/require-loopback-peer.ts";
import {
  cancelDemoSubscription,
  changeDemoPlan,
  completeDemoCheckout,
  readDemoCheckout,
} from "../billing/demo-billing.ts";
import { requireBillingUser } from "../billing/require-billing-user.ts";
import type { AppContext } from "../context.ts";
import { parseInput } from "../errors.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/**
 * The demo provider's own pages call these. They exist only while demo billing runs
 * (localhost without Stripe); anywhere else they are 404, so no public deployment can be
 * upgraded for free. Only this machine may call them (403 for any other peer).
 */
export function registerDemoBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.billing?.kind !== "demo") return;
  const deps = { db: ctx.db, now: ctx.now };
  const preHandler = [
    requireLoopbackPeer,
    requireBillingUser(ctx),
    rateLimit(ctx.db, { name: "demo-billing", max: 30, windowSeconds: 60, by: "user" }),
  ];

  app.get<{ Params: { id: string } }>(
    "/api/demo-billing/sessions/:id",
    { preHandler },
    async (request) => readDemoCheckout(deps, currentUser(request).id, request.params.id),
  );

  app.post("/api/demo-billing/complete", { preHandler }, async (request) => {
    const { sessionId } = parseInput(sessionIdRequest, request.body);
    return completeDemoCheckout(deps, currentUser(request).id, sessionId);
  });

  app.post("/api/demo-billing/change-plan", { preHandler }, async (request) => {
    const { tier } = parseInput(demoChangePlanRequest, request.body);
    return { subscription: await changeDemoPlan(deps, currentUser(request).id, tier) };
  });

  app.post("/api/demo-billing/cancel-subscription", { preHandler }, async (request) => ({
    subscription: await cancelDemoSubscription(deps, currentUser(request).id),
  }));
}
