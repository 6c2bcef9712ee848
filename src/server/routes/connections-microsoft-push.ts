import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  answerLifecycleEvent,
  LIFECYCLE_EVENTS,
  type LifecycleEvent,
} from "../connections/answer-lifecycle-event.ts";
import { checkedChannel, syncAfterNotification } from "../connections/push-channels.ts";
import type { SyncDeps } from "../connections/sync-connection.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { defineRoute } from "../http/define-route.ts";
import { rateLimit } from "../rate-limit/consume-rate-limit.ts";

/** A Graph notification batch: each entry names its subscription and the clientState. */
const entry = z.object({ subscriptionId: z.string().min(1), clientState: z.string() });
const batch = <T extends z.ZodRawShape>(extra: T) =>
  z.object({ value: z.array(entry.extend(extra)).min(1).max(1000) });
const graphNotifications = batch({});
const lifecycleNotifications = batch({ lifecycleEvent: z.string().max(100) });

const unknownSubscription = () => new AppError(403, "forbidden", "Unknown subscription.");

/**
 * Graph checks an address before it creates a subscription (both the notification and the
 * lifecycle address): a POST with `?validationToken=`, echoed as text/plain within 10 s.
 * Answers the reply when the request was one, else undefined.
 */
function echoValidation(request: FastifyRequest, reply: FastifyReply) {
  const { validationToken } = request.query as Record<string, unknown>;
  if (typeof validationToken !== "string") return undefined;
  return reply.code(200).type("text/plain; charset=utf-8").send(validationToken);
}

/**
 * Each entry's subscription and clientState checked against what Sage created (constant
 * time); one entry that is not refuses the whole batch with a 403 and starts nothing.
 */
async function checkedEntries<T extends z.infer<typeof entry>>(ctx: AppContext, entries: T[]) {
  const checked: { entry: T; channel: { id: string; connectionId: string } }[] = [];
  for (const e of entries) {
    const channel = await checkedChannel(ctx, e.subscriptionId, e.clientState);
    if (!channel) throw unknownSubscription();
    checked.push({ entry: e, channel });
  }
  return checked;
}

const isLifecycleEvent = (value: string): value is LifecycleEvent =>
  (LIFECYCLE_EVENTS as readonly string[]).includes(value);

/**
 * Graph's change notifications and lifecycle notifications (decision 041, "Receive change
 * notifications through webhooks", "Reduce missing subscriptions and change notifications"),
 * in their own scope: Graph's validation request is text/plain, which the rest of the app
 * does not take. Both answer 202 at once (Graph wants 2xx within 3 s); the work runs after.
 */
export function registerMicrosoftPushRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: (log: FastifyBaseLogger) => SyncDeps,
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "text/plain",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );

    defineRoute(
      scope,
      ctx,
      "microsoftPushNotification",
      async ({ request, reply }) => {
        const echoed = echoValidation(request, reply);
        if (echoed) return echoed;
        const parsed = graphNotifications.safeParse(request.body);
        if (!parsed.success) throw unknownSubscription();
        const checked = await checkedEntries(ctx, parsed.data.value);
        // one coalesced sync per connection named
        const connections = new Set(checked.map((c) => c.channel.connectionId));
        for (const id of connections) void syncAfterNotification(deps(request.log), id);
        return reply.code(202).send();
      },
      {
        preHandler: [
          rateLimit(ctx.db, { name: "connections-microsoft-notify", max: 600, windowSeconds: 60 }),
        ],
      },
    );

    defineRoute(
      scope,
      ctx,
      "microsoftLifecycleNotification",
      async ({ request, reply }) => {
        const echoed = echoValidation(request, reply);
        if (echoed) return echoed;
        const parsed = lifecycleNotifications.safeParse(request.body);
        if (!parsed.success) throw unknownSubscription();
        const checked = await checkedEntries(ctx, parsed.data.value);
        for (const { entry: e, channel } of checked) {
          // an event Sage does not know (Graph may add some) is acknowledged and ignored
          if (isLifecycleEvent(e.lifecycleEvent))
            void answerLifecycleEvent(deps(request.log), channel, e.lifecycleEvent);
        }
        return reply.code(202).send();
      },
      {
        preHandler: [
          // rare (a few a week per subscription): a tighter limit than notify's
          rateLimit(ctx.db, {
            name: "connections-microsoft-lifecycle",
            max: 120,
            windowSeconds: 60,
          }),
        ],
      },
    );
  });
}
