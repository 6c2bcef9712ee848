import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from "fastify";
import type { z } from "zod";
import { type EndpointName, endpoints } from "../../core/contract/endpoints.ts";
import {
  type ResponseSchema,
  type RouteSchemas,
  type Routes,
  routes,
} from "../../core/contract/routes.ts";
import type { AuthUser } from "../auth/authenticate.ts";
import { optionalUser } from "../auth/optional-user.ts";
import type { AppContext } from "../context.ts";
import { parseInput, unauthenticated } from "../errors.ts";

type Schemas<K extends EndpointName> = Routes[K];
type Part<K extends EndpointName, P extends string> =
  Schemas<K> extends Record<P, infer S extends z.ZodType> ? z.output<S> : undefined;
type UserOf<K extends EndpointName> = (typeof endpoints)[K]["auth"] extends "signed-in"
  ? AuthUser
  : AuthUser | undefined;

/** What a handler is given: its input parsed by the table's schemas, and the signed-in user. */
export type RouteInput<K extends EndpointName> = {
  params: Part<K, "params">;
  query: Part<K, "query">;
  body: Part<K, "body">;
  user: UserOf<K>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** An answer with a status other than the route's first: `respond(201, {task})`. */
export class Responded<S extends number = number, B = unknown> {
  constructor(
    readonly status: S,
    readonly body: B,
  ) {}
}
export function respond<S extends number>(status: S): Responded<S, undefined>;
export function respond<S extends number, B>(status: S, body: B): Responded<S, B>;
export function respond(status: number, body?: unknown): Responded {
  return new Responded(status, body);
}

/**
 * A 200 answer whose JSON is written once per value: a value answered again (a cached
 * list, the same object on every hit) is not serialized again on every request. In
 * development and tests the value is checked against the contract like any answer, and
 * the JSON against the value.
 */
export class Serialized<B = unknown> {
  constructor(
    readonly value: B,
    readonly json: string,
  ) {}
}

const written = new WeakMap<object, string>();

/** Answers `value` (shared, never changed) with its JSON, written once per value. */
export function serialized<B extends object>(value: B): Serialized<B> {
  let json = written.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    written.set(value, json);
  }
  return new Serialized(value, json);
}

type BodyIn<R> = R extends z.ZodType ? z.input<R> : undefined;
type Statuses<K extends EndpointName> = keyof Schemas<K>["responses"] & number;
type FirstJson<K extends EndpointName> = Schemas<K>["responses"] extends { 200: infer R }
  ? R extends z.ZodType
    ? z.input<R>
    : // a stream answers its `done` event's JSON alone when the caller does not ask for a stream
      R extends { events: { done: infer D extends z.ZodType } }
      ? z.input<D>
      : never
  : never;

/**
 * A handler answers with the body of its 200 (as declared), with `respond(status, body)` for
 * any other declared status, or with the reply itself once it has sent it (redirects, files,
 * streams).
 */
export type RouteResult<K extends EndpointName> =
  | FirstJson<K>
  | { [S in Statuses<K>]: Responded<S, BodyIn<Schemas<K>["responses"][S]>> }[Statuses<K>]
  | Serialized<FirstJson<K>>
  | FastifyReply;

/** A preHandler; those typed for their own route's request (the feed's) are welcome too. */
type Hook = preHandlerAsyncHookHandler | ((request: never, reply: never) => Promise<void>);

export type RouteOptions = {
  /** Replaces the table's authentication (the payment pages' own 401 texts). */
  authenticate?: Hook;
  /** Runs before authentication (a loopback-only check). */
  before?: Hook[];
  /** Runs after authentication (rate limits, most of them per user). */
  preHandler?: Hook[];
  bodyLimit?: number;
};

const isRaw = (schema: ResponseSchema): schema is Extract<ResponseSchema, { raw: string }> =>
  typeof schema === "object" && schema !== null && "raw" in schema;

/**
 * Registers endpoint `name` from the route table (src/core/contract): method, path and
 * authentication from endpoints.ts; params, query and body parsed by routes.ts's schemas
 * after authentication and rate limits (a violation is a 400 naming the field, as
 * parseInput always answered); and, when `ctx.checkResponses` is on (development and
 * tests), the answer checked against the schema of its status: an answer the contract does
 * not describe is logged and becomes a 500, so drift fails a test instead of a client.
 */
export function defineRoute<K extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: K,
  handler: (input: RouteInput<K>) => Promise<RouteResult<K>>,
  options: RouteOptions = {},
): void {
  const endpoint = endpoints[name];
  const schemas: RouteSchemas = routes[name];
  const auth: Hook[] = options.authenticate
    ? [options.authenticate]
    : endpoint.auth === "signed-in"
      ? [ctx.requireUser]
      : endpoint.auth === "optional"
        ? [optionalUser(ctx.requireUser)]
        : [];
  const preHandler = [
    ...(options.before ?? []),
    ...auth,
    ...(options.preHandler ?? []),
  ] as preHandlerAsyncHookHandler[];
  const statuses = Object.keys(schemas.responses).map(Number);
  const defaultStatus = statuses.includes(200) ? 200 : (statuses[0] ?? 200);

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(preHandler.length > 0 ? { preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const params = schemas.params ? parseInput(schemas.params, request.params) : undefined;
      const query = schemas.query ? parseInput(schemas.query, request.query) : undefined;
      const bodySchema = schemas.bodyFor
        ? (schemas.bodyFor as (q: unknown) => z.ZodType)(query)
        : schemas.body;
      const rawBody = schemas.bodyOptional ? (request.body ?? {}) : request.body;
      const body = bodySchema ? parseInput(bodySchema, rawBody) : undefined;
      if (endpoint.auth === "signed-in" && !request.user) throw unauthenticated();
      const result = await handler({
        params,
        query,
        body,
        user: request.user,
        request,
        reply,
      } as RouteInput<K>);

      // a handler that sent the reply itself returns it; the reply is a thenable, so what
      // arrives here is then undefined, and the reply says it was sent
      if (result === reply || reply.sent) {
        if (ctx.checkResponses && !(reply.statusCode in schemas.responses)) {
          request.log.error(
            { route: name, status: reply.statusCode },
            "undeclared response status",
          );
        }
        return reply;
      }
      if (result instanceof Serialized) {
        if (ctx.checkResponses) {
          checkResponse(request, name, schemas, defaultStatus, result.value);
          if (result.json !== JSON.stringify(result.value)) {
            request.log.error({ route: name }, "a serialized answer differs from its value");
            throw new Error(`${name}: the serialized answer differs from its value`);
          }
        }
        reply.code(defaultStatus).type("application/json; charset=utf-8");
        return result.json;
      }
      const { status, body: answer } =
        result instanceof Responded ? result : { status: defaultStatus, body: result };
      if (ctx.checkResponses) checkResponse(request, name, schemas, status, answer);
      reply.code(status);
      return answer === undefined ? reply.send() : answer;
    },
  });
}

function checkResponse(
  request: FastifyRequest,
  name: string,
  schemas: RouteSchemas,
  status: number,
  body: unknown,
): void {
  const schema = schemas.responses[status];
  let problem: unknown;
  if (!schema) problem = `status ${status} is not declared`;
  else if (isRaw(schema)) {
    if (schema.raw === "empty" && body !== undefined) problem = "a body where none is declared";
    // a stream's route answering as JSON: the `done` event's fields
    const done = schema.events?.done;
    if (done && body !== undefined) {
      const parsed = done.safeParse(body);
      if (!parsed.success) problem = parsed.error.issues.slice(0, 5);
    }
  } else {
    const parsed = schema.safeParse(body);
    if (!parsed.success) problem = parsed.error.issues.slice(0, 5);
  }
  if (problem === undefined) return;
  request.log.error({ route: name, status, problem }, "response does not match the contract");
  throw new Error(`${name}: the ${status} response does not match its schema`);
}
