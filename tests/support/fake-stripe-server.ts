import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { stripeClientOptions } from "../../src/server/integrations/billing/stripe-billing.ts";

type Obj = Record<string, unknown>;
type Sub = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  created: number;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  items: { object: "list"; data: Obj[]; has_more: false; url: string };
};

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString("hex")}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects; arrays stay index-keyed. */
function parseForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let cur = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) cur[part] = value;
      else {
        cur[part] ??= {};
        cur = cur[part] as Obj;
      }
    });
  }
  return out;
}

/**
 * A loopback server speaking the parts of Stripe's REST API that Sage uses: customers,
 * checkout sessions (create, retrieve), billing portal sessions, subscriptions (retrieve,
 * list, cancel). It checks the secret key and idempotency keys like Stripe, answers errors in
 * Stripe's shape, and lets tests play the customer (pay, expire, change, cancel) and build
 * webhook events signed with the SDK's own test-header helper.
 */
export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = opts.secretKey ?? "sk_test_fake_sage";
  const webhookSecret = opts.webhookSecret ?? "whsec_fake_sage";
  const customers = new Map<string, Obj>();
  const idempotent = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Sub>();
  const requests: { method: string; path: string; body: Obj }[] = [];
  let failing = false;
  let clock = Math.floor(Date.now() / 1000);
  let eventSeq = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  };
  const missing = (res: http.ServerResponse, what: string, key: string) =>
    send(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}: '${key}'`,
        param: "id",
      },
    });

  function route(method: string, path: string, body: Obj, req: http.IncomingMessage) {
    return (res: http.ServerResponse) => {
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (method === "POST" && path === "/v1/customers") {
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && idempotent.has(key))
          return send(res, 200, idempotent.get(key));
        const customer = {
          id: id("cus"),
          object: "customer",
          email: body.email ?? null,
          metadata: body.metadata ?? {},
          created: clock,
        };
        customers.set(customer.id, customer);
        if (typeof key === "string") idempotent.set(key, customer);
        return send(res, 200, customer);
      }
      if (method === "POST" && path === "/v1/checkout/sessions") {
        const items = (body.line_items ?? {}) as Record<string, { price: string }>;
        const sid = id("cs_test");
        const session = {
          id: sid,
          object: "checkout.session",
          mode: body.mode,
          status: "open",
          payment_status: "unpaid",
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription_data: body.subscription_data ?? {},
          price: items["0"]?.price ?? null,
          success_url: String(body.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", sid),
          cancel_url: body.cancel_url ?? null,
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${sid}`,
          created: clock,
        };
        sessions.set(sid, session);
        return send(res, 200, session);
      }
      if (method === "GET" && sessionMatch) {
        const key = decodeURIComponent(sessionMatch[1]!);
        const s = sessions.get(key);
        return s ? send(res, 200, s) : missing(res, "checkout.session", key);
      }
      if (method === "POST" && path === "/v1/billing_portal/sessions") {
        if (!customers.has(String(body.customer)))
          return missing(res, "customer", String(body.customer));
        const pid = id("bps");
        return send(res, 200, {
          id: pid,
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${pid}`,
          created: clock,
        });
      }
      if (method === "GET" && path === "/v1/subscriptions") {
        const wanted = body.status ?? "active_or_past";
        const data = [...subscriptions.values()]
          .filter((s) => !body.customer || s.customer === body.customer)
          .filter(
            (s) =>
              wanted === "all" ||
              (wanted === "active_or_past" ? s.status !== "canceled" : s.status === wanted),
          )
          .sort((a, b) => b.created - a.created);
        return send(res, 200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
      }
      if (subMatch) {
        const key = decodeURIComponent(subMatch[1]!);
        const sub = subscriptions.get(key);
        if (!sub) return missing(res, "subscription", key);
        if (method === "GET") return send(res, 200, sub);
        if (method === "DELETE") {
          sub.status = "canceled";
          return send(res, 200, sub);
        }
      }
      send(res, 404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      });
    };
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const body =
        req.method === "GET" || req.method === "DELETE"
          ? parseForm(url.search.slice(1))
          : parseForm(raw);
      requests.push({ method: req.method ?? "GET", path: url.pathname, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(res, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
      if (failing) {
        return send(res, 500, { error: { type: "api_error", message: "Something went wrong" } });
      }
      route(req.method ?? "GET", url.pathname, body, req)(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const signer = new Stripe(secretKey);

  function createSubscription(input: {
    customer: string;
    price: string;
    status?: string;
    userId?: string;
  }) {
    clock += 1;
    const sub: Sub = {
      id: id("sub"),
      object: "subscription",
      customer: input.customer,
      status: input.status ?? "active",
      created: clock,
      metadata: input.userId ? { userId: input.userId } : {},
      cancel_at_period_end: false,
      items: {
        object: "list",
        has_more: false,
        url: "/v1/subscription_items",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            price: { id: input.price, object: "price" },
            current_period_start: clock,
            current_period_end: clock + 30 * 86_400,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  return {
    secretKey,
    webhookSecret,
    port,
    /** An SDK client pointed at this server. */
    client: () =>
      new Stripe(secretKey, stripeClientOptions({ host: "127.0.0.1", port, protocol: "http" })),
    requests,
    customers,
    sessions,
    subscriptions,
    /** Every call answers 500 while true (Stripe is down). */
    setFailing: (value: boolean) => {
      failing = value;
    },
    /** The customer pays: the session completes and a subscription starts. */
    pay(sessionId: string, paymentStatus: "paid" | "unpaid" = "paid") {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      let customer = s.customer as string | null;
      if (!customer) {
        customer = id("cus");
        customers.set(customer, { id: customer, object: "customer", email: s.customer_email });
        s.customer = customer;
      }
      const sub = createSubscription({
        customer,
        price: String(s.price),
        status: paymentStatus === "paid" ? "active" : "incomplete",
        userId: (s.metadata as Record<string, string>).userId,
      });
      Object.assign(s, { status: "complete", payment_status: paymentStatus, subscription: sub.id });
      return sub;
    },
    expire(sessionId: string) {
      Object.assign(sessions.get(sessionId)!, { status: "expired" });
    },
    createSubscription,
    updateSubscription(subId: string, change: { status?: string; price?: string }) {
      const sub = subscriptions.get(subId)!;
      if (change.status) sub.status = change.status;
      if (change.price) (sub.items.data[0]!.price as Obj).id = change.price;
      return sub;
    },
    /** A webhook event as Stripe sends it, with its object as it is now. */
    event(type: string, object: unknown) {
      eventSeq += 1;
      return {
        id: `evt_${eventSeq}_${randomBytes(6).toString("hex")}`,
        object: "event",
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
    },
    /** Body and Stripe-Signature header, signed by the SDK's own test helper. */
    sign(event: unknown, opts2: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(event, null, 2);
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts2.secret ?? webhookSecret,
        timestamp: opts2.timestamp,
      });
      return { payload, header };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
