import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints } from "../../src/core/contract/endpoints.ts";
import { type ResponseSchema, routes } from "../../src/core/contract/routes.ts";
import { PROJECT_ROOT } from "../../src/server/project-root.ts";
import { apiRoutes } from "../support/api-routes.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the route table (src/core/contract)", () => {
  it("declares every /api route the app registers, and the app registers every one it declares", () => {
    const registered = apiRoutes(t.routes)
      .map((r) => r.key)
      .sort();
    const declared = Object.values(endpoints)
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(registered).toEqual(declared);
  });

  it("gives every endpoint its schemas, and every response schema of the contract is used", async () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    const used = new Set<unknown>();
    const collect = (schema: ResponseSchema) => {
      used.add(schema);
      if (schema instanceof z.ZodUnion) for (const option of schema.options) used.add(option);
      if ("raw" in schema) for (const event of Object.values(schema.events ?? {})) used.add(event);
    };
    for (const route of Object.values(routes)) {
      for (const schema of Object.values(route.responses)) collect(schema as ResponseSchema);
    }
    const dir = path.join(PROJECT_ROOT, "src", "core", "contract");
    const unused: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.includes(".test."))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (/Response$/.test(name) && value instanceof z.ZodType && !used.has(value)) {
          unused.push(`${file}: ${name}`);
        }
      }
    }
    expect(unused).toEqual([]);
  });
});
