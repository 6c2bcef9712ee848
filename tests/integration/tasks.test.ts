import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_TOMBSTONE_DAYS } from "../../src/server/tasks/delete-task.ts";
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

type Session = Awaited<ReturnType<TestApp["signIn"]>>;

const post = (s: Session, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/tasks", headers: s.headers, payload });
const remove = (s: Session, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: s.headers });
const listed = async (s: Session) =>
  (await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers })).json().tasks as {
    id: string;
    title: string;
  }[];
const rowsOf = async (s: Session) =>
  (
    (await t.db.execute(
      sql`select id, title, deleted_at from tasks where user_id = ${s.user.id} order by created_at`,
    )) as unknown as { rows: { id: string; title: string; deleted_at: unknown }[] }
  ).rows;

describe("deleted tasks are tombstones", () => {
  it("a create replayed after the delete answers 200 with the tombstone, and the task stays deleted", async () => {
    const s = await t.signIn();
    const id = randomUUID();
    const payload = { ...good, id };
    expect((await post(s, payload)).statusCode).toBe(201);
    expect((await remove(s, id)).statusCode).toBe(204);

    const replay = await post(s, payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().task).toMatchObject({ id, title: "" });
    expect(Date.parse(replay.json().task.deletedAt)).not.toBeNaN();
    expect(await listed(s)).toEqual([]);
    // the tombstone keeps the id, not the person's words
    expect(await rowsOf(s)).toEqual([expect.objectContaining({ id, title: "" })]);

    // gone for every edit; a repeated delete succeeds again, another user's is still a 404
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: s.headers,
      payload: { ...good, status: "done" },
    });
    expect(put.statusCode).toBe(404);
    expect((await remove(s, id)).statusCode).toBe(204);
    const other = await t.signIn();
    expect((await remove(other, id)).statusCode).toBe(404);
    expect((await post(other, payload)).statusCode).toBe(409);
  });

  it("deleting a task still removes its future blocks, and neither the planner nor the export sees it", async () => {
    const s = await t.signIn();
    const keep = (await post(s, { ...good, title: "Keep me", deadline: null })).json().task;
    const gone = (await post(s, { ...good, title: "Delete me", deadline: null })).json().task;
    const plan = () =>
      t.app.inject({ method: "POST", url: "/api/plan", headers: s.headers, payload: { days: 7 } });
    const first = (await plan()).json();
    const blocksOf = (res: { placed: { taskId: string; eventId: string }[] }, id: string) =>
      res.placed.filter((p) => p.taskId === id).map((p) => p.eventId);
    expect(blocksOf(first, gone.id).length).toBeGreaterThan(0);

    expect((await remove(s, gone.id)).statusCode).toBe(204);
    const events = (
      await t.app.inject({ method: "GET", url: "/api/calendar-events", headers: s.headers })
    ).json().events as { id: string }[];
    const live = new Set(events.map((e) => e.id));
    expect(blocksOf(first, gone.id).filter((id) => live.has(id))).toEqual([]);

    const again = (await plan()).json();
    expect(again.placed.length).toBeGreaterThan(0);
    expect([...again.placed, ...again.unplaced].map((p) => p.taskId)).not.toContain(gone.id);
    expect(again.placed.every((p: { taskId: string }) => p.taskId === keep.id)).toBe(true);

    const exported = await t.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: s.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data.tasks.map((x: { id: string }) => x.id)).toEqual([keep.id]);

    // deleting the account takes the tombstones with it
    const closed = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: s.headers,
      payload: { confirm: true },
    });
    expect(closed.statusCode).toBeLessThan(300);
    expect(await rowsOf(s)).toEqual([]);
  });

  it(`tombstones older than ${TASK_TOMBSTONE_DAYS} days are purged by a later delete, at most 100 at a time`, async () => {
    const s = await t.signIn();
    const recent = (await post(s, good)).json().task;
    expect((await remove(s, recent.id)).statusCode).toBe(204);
    await t.db.execute(
      sql`update tasks set deleted_at = now() - interval '29 days' where id = ${recent.id}`,
    );
    await t.db.execute(sql`
      insert into tasks (user_id, title, estimated_minutes, deleted_at)
      select ${s.user.id}, '', 30, now() - interval '31 days' - g * interval '1 minute'
      from generate_series(1, 150) g`);
    const other = await t.signIn();
    await t.db.execute(sql`
      insert into tasks (user_id, title, estimated_minutes, deleted_at)
      values (${other.user.id}, '', 30, now() - interval '40 days')`);

    const next = (await post(s, good)).json().task;
    expect((await remove(s, next.id)).statusCode).toBe(204);
    const rows = await rowsOf(s);
    // 150 old − 100 purged, the 29-day-old one and the new one stay
    expect(rows).toHaveLength(52);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([recent.id, next.id]));
    expect(await rowsOf(other)).toHaveLength(1);
    // still inside the window: the replay meets its tombstone
    expect((await post(s, { ...good, id: recent.id })).statusCode).toBe(200);
  });
});
