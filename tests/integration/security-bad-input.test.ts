import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_TOO_LONG } from "../../src/core/chat/message-rules.ts";
import { API_ROUTES, apiRoutes, fillParams, urlFor } from "../support/api-routes.ts";
import { snapshotDatabase } from "../support/db-snapshot.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The bad-input corpus, applied to every endpoint of the route table. Requests come from
 * many client addresses and many users so that rate limits never hide a validation answer.
 */
let t: TestApp;
let users: { headers: Record<string, string> }[] = [];
let request = 0;
beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 40; i++) users.push(await t.signIn());
});
afterAll(() => t.close());

type Sent = { key: string; label: string; status: number; body: string };

async function send(
  key: string,
  opts: { raw?: string; json?: unknown; contentType?: string; url?: string },
): Promise<Omit<Sent, "label">> {
  const method = key.split(" ")[0]!;
  const n = request++;
  const caller = users[n % users.length]!;
  const headers: Record<string, string> = {
    ...(API_ROUTES[key]?.access === "signed-in" ? caller.headers : {}),
  };
  let payload: string | undefined;
  if (opts.raw !== undefined) payload = opts.raw;
  else if (opts.json !== undefined) payload = JSON.stringify(opts.json);
  if (payload !== undefined) headers["content-type"] = opts.contentType ?? "application/json";
  const res = await t.app.inject({
    method: method as "POST",
    url: opts.url ?? urlFor(key, randomUUID()),
    headers,
    payload,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  return { key, status: res.statusCode, body: res.body };
}

type Leaf = { path: (string | number)[]; value: string | number | boolean };

/** Every leaf of a valid body (arrays: their first element), with its path. */
function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return [{ path, value }];
  }
  if (Array.isArray(value)) return value.length > 0 ? leaves(value[0], [...path, 0]) : [];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [];
}

function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const ISO = /^\d{4}-\d{2}-\d{2}T/;
const huge = "x".repeat(90_000);

/** Values no field of this type accepts. */
function invalidFor(leaf: Leaf): [string, unknown][] {
  const wrongTypes: [string, unknown][] = [
    ["an array", ["x"]],
    ["an object", { $gt: "" }],
  ];
  if (typeof leaf.value === "string") {
    const out: [string, unknown][] = [
      ...wrongTypes,
      ["a number", 12345],
      ["a boolean", true],
      ["a huge string", huge],
      ["a NUL byte", `${leaf.value}\u0000`],
      ["a lone high surrogate", `${leaf.value}\ud800`],
      ["a lone low surrogate", `\udc00${leaf.value}`],
    ];
    if (ISO.test(leaf.value)) {
      out.push(
        ["a date beyond the representable range", "+275760-09-13T00:00:00.001Z"],
        ["the year 0", "0000-01-01T00:00:00Z"],
        ["an impossible date", "2030-13-45T25:61:61Z"],
        ["a far-future date", "9999-12-31T23:59:59Z"],
        ["not a date", "next tuesday-ish"],
      );
    }
    return out;
  }
  if (typeof leaf.value === "number") {
    return [
      ...wrongTypes,
      ["a numeric string", String(leaf.value)],
      ["a negative number", -1],
      ["an enormous number", 1e308],
      ["a huge negative number", -1e308],
      ["an integer beyond 2^53", 2 ** 60],
      ["a fraction", leaf.value + 0.5],
    ];
  }
  return [...wrongTypes, ["a string", "true"], ["a number", 1]];
}

const writeRoutes = Object.keys(API_ROUTES).filter(
  (k) => !k.startsWith("GET ") && !API_ROUTES[k]!.rawBody,
);

/** Whole-body cases every JSON endpoint refuses. */
const BODY_CASES: [string, { raw: string; contentType?: string }][] = [
  ["malformed JSON", { raw: '{"a": ' }],
  ["trailing garbage", { raw: '{"a": 1} x' }],
  ["a __proto__ key", { raw: '{"__proto__": {"isAdmin": true}}' }],
  ["a nested __proto__ key", { raw: '{"a": {"__proto__": {"isAdmin": true}}}' }],
  ["a constructor.prototype key", { raw: '{"constructor": {"prototype": {"isAdmin": true}}}' }],
  ["a NUL byte in a key", { raw: '{"a\\u0000": 1}' }],
  ["a lone surrogate", { raw: '{"a": "\\ud800"}' }],
  ["nesting 40 levels deep", { raw: `${"[".repeat(40)}${"]".repeat(40)}` }],
  ["a body over 100 KB", { raw: JSON.stringify({ a: "x".repeat(110_000) }) }],
  ["form encoding", { raw: "a=1&b=2", contentType: "application/x-www-form-urlencoded" }],
  ["XML", { raw: "<a>1</a>", contentType: "application/xml" }],
  ["text", { raw: "hello", contentType: "text/plain" }],
];

function expectErrorBody(sent: Sent) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sent.body);
  } catch {
    parsed = sent.body;
  }
  expect([sent.key, sent.label, parsed]).toEqual([
    sent.key,
    sent.label,
    expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
  ]);
  expect(sent.body).not.toMatch(/at .+\.(ts|js):\d+|node_modules|stack/i);
}

describe("the bad-input corpus", () => {
  it("covers every endpoint that takes a body", () => {
    const registeredWrites = apiRoutes(t.routes)
      .filter((r) => r.method !== "GET" && !API_ROUTES[r.key]?.rawBody)
      .map((r) => r.key);
    expect(registeredWrites.sort()).toEqual([...writeRoutes].sort());
  });

  it("every invalid input gets a 4xx {error, code}: zero 5xx, the database unchanged", async () => {
    const before = await snapshotDatabase(t.db);
    const sent: Sent[] = [];
    for (const key of writeRoutes) {
      for (const [label, c] of BODY_CASES) {
        sent.push({ label, ...(await send(key, c)) });
      }
      const valid = API_ROUTES[key]!.body?.();
      if (!valid) continue;
      for (const [label, json] of [
        ["a JSON array", [valid]],
        ["a JSON string", "hello"],
        ["a JSON number", 42],
      ] as const) {
        sent.push({ label, ...(await send(key, { json })) });
      }
      for (const leaf of leaves(valid)) {
        for (const [what, value] of invalidFor(leaf)) {
          const label = `${leaf.path.join(".")} = ${what}`;
          sent.push({ label, ...(await send(key, { json: setAt(valid, leaf.path, value) })) });
        }
      }
      // every required top-level field missing at once
      if (!API_ROUTES[key]!.emptyBodyValid) {
        sent.push({ label: "an empty object", ...(await send(key, { json: {} })) });
      }
    }
    expect(sent.length).toBeGreaterThan(500);
    // the answers come from validation, not from a rate limit or a missing session
    expect(sent.filter((x) => x.status === 401 || x.status === 429).map((x) => x.key)).toEqual([]);
    if (process.env.CORPUS_DEBUG) {
      const counts: Record<string, number> = {};
      for (const x of sent)
        counts[`${x.key} ${x.status}`] = (counts[`${x.key} ${x.status}`] ?? 0) + 1;
      console.log(counts);
    }
    const notRefused = sent.filter((s) => s.status < 400 || s.status >= 500);
    expect(notRefused.map((s) => `${s.key} [${s.label}] → ${s.status}`)).toEqual([]);
    for (const s of sent) expectErrorBody(s);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("bad path ids and query strings are 4xx on every route, never 5xx", async () => {
    const before = await snapshotDatabase(t.db);
    const sent: Sent[] = [];
    const badIds = [
      "not-a-uuid",
      "%00",
      "..%2F..%2Fetc%2Fpasswd",
      "1%20OR%201%3D1",
      "x".repeat(2000),
      "%F0%9F%97%93",
    ];
    for (const r of apiRoutes(t.routes)) {
      if (r.url.includes(":")) {
        for (const id of badIds) {
          const url = fillParams(r.url, id);
          sent.push({ label: `id ${id.slice(0, 20)}`, ...(await send(r.key, { url })) });
        }
      }
    }
    for (const key of Object.keys(API_ROUTES).filter((k) => API_ROUTES[k]!.idQuery)) {
      for (const id of badIds) {
        const url = `${fillParams(key.split(" ")[1]!, "")}?${API_ROUTES[key]!.idQuery}=${id}`;
        sent.push({ label: `query id ${id.slice(0, 20)}`, ...(await send(key, { url })) });
      }
    }
    for (const q of ["from=%00", "from=not-a-date", "from=+275760-09-13T00:00:00Z", "to=1e400"]) {
      const url = `/api/calendar-events?${q}`;
      sent.push({ label: q, ...(await send("GET /api/calendar-events", { url })) });
    }
    for (const q of [
      "domainContextId=%00",
      "domainContextId=abc",
      "extra=1",
      "__proto__[x]=1",
      "domainContextId=a&domainContextId=b",
    ]) {
      sent.push({
        label: q,
        ...(await send("GET /api/conversations", { url: `/api/conversations?${q}` })),
      });
    }
    const notRefused = sent.filter((s) => s.status < 400 || s.status >= 500);
    expect(notRefused.map((s) => `${s.key} [${s.label}] → ${s.status}`)).toEqual([]);
    for (const s of sent) expectErrorBody(s);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });
});

describe("inputs at the edge are answered, never with a 5xx", () => {
  it("extra fields, missing optional fields, empty strings and null bodies: no 5xx anywhere", async () => {
    const sent: Sent[] = [];
    for (const key of writeRoutes) {
      if (key === "DELETE /api/account") continue; // would delete the callers the corpus uses
      const valid = API_ROUTES[key]!.body?.() ?? {};
      const cases: [string, unknown][] = [
        ["an extra field", { ...valid, unexpected: "x" }],
        ["a null body", null],
        ...Object.keys(valid).map((k): [string, unknown] => {
          const { [k]: _, ...rest } = valid;
          return [`${k} missing`, rest];
        }),
        ...leaves(valid)
          .filter((l) => typeof l.value === "string")
          .map((l): [string, unknown] => [`${l.path.join(".")} empty`, setAt(valid, l.path, "")]),
      ];
      for (const [label, json] of cases) sent.push({ label, ...(await send(key, { json })) });
    }
    const crashed = sent.filter((s) => s.status >= 500);
    expect(crashed.map((s) => `${s.key} [${s.label}] → ${s.status}`)).toEqual([]);
    for (const s of sent.filter((x) => x.status >= 400)) expectErrorBody(s);
  });

  it("a chat message of 4000 multi-byte characters is accepted; 4001 is refused by name", async () => {
    const s = await t.signIn();
    for (const ch of ["日", "🗓", "é"]) {
      const ok = await t.app.inject({
        method: "POST",
        url: "/api/chat",
        headers: s.headers,
        payload: { message: ch.repeat(4000) },
      });
      expect([ch, ok.statusCode]).toEqual([ch, 200]);
      const over = await t.app.inject({
        method: "POST",
        url: "/api/chat",
        headers: s.headers,
        payload: { message: ch.repeat(4001) },
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().error).toContain(MESSAGE_TOO_LONG);
    }
  });
});
