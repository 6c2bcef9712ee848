import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { AppContext } from "../context.ts";
import { registerErrorHandling } from "../plugins/errors.ts";
import { defineRoute, respond } from "./define-route.ts";

/** An app with one route from the table; `requireUser` signs everyone in as one user. */
async function appWith(
  checkResponses: boolean,
  register: (app: ReturnType<typeof Fastify>, ctx: AppContext) => void,
) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  const ctx = {
    checkResponses,
    requireUser: async (request: { user?: unknown }) => {
      request.user = { id: "u1", email: "a@example.com", sessionId: "s1" };
    },
  } as unknown as AppContext;
  register(app, ctx);
  await app.ready();
  return app;
}

describe("defineRoute", () => {
  it("answers 400 naming the field when the body breaks the table's schema", async () => {
    const app = await appWith(true, (app, ctx) =>
      defineRoute(app, ctx, "renameConversation", async ({ params, body }) => ({
        conversation: {
          id: params.id,
          title: body.title,
          domain_context_id: null,
          created_at: "",
          updated_at: "",
        },
      })),
    );
    const res = await app.inject({
      method: "PATCH",
      url: "/api/conversations/7d8e0b4a-1c8e-4f5a-9a55-3b1c2f0e9d11",
      payload: { title: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "title: title must not be empty", code: "bad_request" });
  });

  it("turns an answer its schema does not describe into a 500 while checking, and lets it through when not", async () => {
    const drift = (app: ReturnType<typeof Fastify>, ctx: AppContext) =>
      // a handler that drifted from the contract (the cast stands in for the drift)
      defineRoute(app, ctx, "getUsage", async () => ({ used: "three" }) as never);
    const checked = await appWith(true, drift);
    const res = await checked.inject({ method: "GET", url: "/api/usage" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: "internal" });

    const unchecked = await appWith(false, drift);
    const passed = await unchecked.inject({ method: "GET", url: "/api/usage" });
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toEqual({ used: "three" });
  });

  it("answers an empty 204 where the table declares one, and a body there is drift", async () => {
    const id = "7d8e0b4a-1c8e-4f5a-9a55-3b1c2f0e9d11";
    const empty = await appWith(true, (app, ctx) =>
      defineRoute(app, ctx, "deleteTask", async () => respond(204)),
    );
    const res = await empty.inject({ method: "DELETE", url: `/api/tasks/${id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");

    const withBody = await appWith(true, (app, ctx) =>
      defineRoute(app, ctx, "deleteTask", async () => respond(204, { deleted: true } as never)),
    );
    const drifted = await withBody.inject({ method: "DELETE", url: `/api/tasks/${id}` });
    expect(drifted.statusCode).toBe(500);
  });

  it("holds a stream's route answering as JSON to its `done` event's schema", async () => {
    const reply = {
      response: "Done.",
      tokensUsed: 3,
      model: "built-in",
      conversationId: "7d8e0b4a-1c8e-4f5a-9a55-3b1c2f0e9d11",
      title: "Plan",
      remainingUsage: 9,
      calendarChanged: false,
    };
    const ask = (answer: unknown) =>
      appWith(true, (app, ctx) => defineRoute(app, ctx, "chat", async () => answer as never));
    const payload = { message: "hello" };
    const good = await (await ask(reply)).inject({ method: "POST", url: "/api/chat", payload });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual(reply);
    const { title: _dropped, ...drifted } = reply;
    const bad = await (await ask(drifted)).inject({ method: "POST", url: "/api/chat", payload });
    expect(bad.statusCode).toBe(500);
  });
});
