import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const good = {
  title: "Write the report",
  estimateMinutes: 180,
  deadline: "2030-01-04T17:00:00Z",
  priority: "high",
  energy: "high",
};

describe("tasks API", () => {
  it("creates with defaults, lists, updates and deletes", async () => {
    const s = await t.signIn();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: s.headers,
      payload: good,
    });
    expect(created.statusCode).toBe(201);
    const task = created.json().task;
    expect(task).toMatchObject({
      ...good,
      deadline: "2030-01-04T17:00:00.000Z",
      splittable: true,
      minChunkMinutes: 25,
      status: "open",
    });
    const list = await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers });
    expect(list.json().tasks).toHaveLength(1);
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${task.id}`,
      headers: s.headers,
      payload: { ...good, status: "done" },
    });
    expect(updated.json().task.status).toBe("done");
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/tasks/${task.id}`,
      headers: s.headers,
    });
    expect(del.statusCode).toBe(204);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const s = await t.signIn();
    const cases: [object, RegExp][] = [
      [{ ...good, title: " " }, /^title/],
      [{ ...good, estimateMinutes: 0 }, /^estimateMinutes/],
      [{ ...good, estimateMinutes: "60" }, /^estimateMinutes/],
      [{ ...good, deadline: "tomorrow" }, /^deadline/],
      [{ ...good, deadline: "9999-01-01T00:00:00Z" }, /^deadline/],
      [{ ...good, priority: "urgent" }, /^priority/],
      [{ ...good, energy: "max" }, /^energy/],
      [{ ...good, userId: "someone" }, /userId/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: s.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it("another user's task is a 404 and stays unchanged", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const { task } = (
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: owner.headers,
        payload: good,
      })
    ).json();
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${task.id}`,
      headers: other.headers,
      payload: good,
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/tasks/${task.id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    const list = await t.app.inject({ method: "GET", url: "/api/tasks", headers: other.headers });
    expect(list.json().tasks).toEqual([]);
    const mine = await t.app.inject({ method: "GET", url: "/api/tasks", headers: owner.headers });
    expect(mine.json().tasks[0].title).toBe(good.title);
  });
});
