import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/core/contract/calendar.ts";
import { TASK_LIMITS } from "../../src/core/contract/tasks.ts";
import { TASK_WRITE_RATE_LIMIT } from "../../src/server/routes/tasks.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<TestApp["signIn"]>>;

const rows = async (query: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
const liveEvents = (s: Session) =>
  rows(
    sql`select count(*) as n from calendar_events where user_id = ${s.user.id} and deleted_at is null`,
  );
const taskCount = (s: Session) =>
  rows(sql`select count(*) as n from tasks where user_id = ${s.user.id}`);
const liveTasks = (s: Session) =>
  rows(sql`select count(*) as n from tasks where user_id = ${s.user.id} and deleted_at is null`);

async function seedEvents(s: Session, n: number) {
  await t.db.execute(sql`
    insert into calendar_events (id, user_id, title, start_time)
    select gen_random_uuid(), ${s.user.id}, 'seed ' || g, now() + g * interval '1 hour'
    from generate_series(1, ${n}) g`);
}
async function seedTasks(s: Session, n: number) {
  await t.db.execute(sql`
    insert into tasks (user_id, title, estimated_minutes, created_at)
    select ${s.user.id}, 'seed ' || g, 30, now() - g * interval '1 second'
    from generate_series(1, ${n}) g`);
}

const createTask = (s: Session, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/tasks", headers: s.headers, payload });

describe("per-user caps are exact under concurrency", () => {
  it(`100 concurrent event creates at ${LIMITS.eventsPerUser - 10} live events stop at exactly ${LIMITS.eventsPerUser}`, async () => {
    const s = await t.signIn();
    await seedEvents(s, LIMITS.eventsPerUser - 10);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/calendar-events",
          headers: s.headers,
          payload: {
            title: `race ${i}`,
            start_time: "2030-01-01T09:00:00.000Z",
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(10);
    expect(statuses.filter((c) => c === 403)).toHaveLength(90);
    expect(await liveEvents(s)).toBe(LIMITS.eventsPerUser);
  }, 60_000);

  it(`100 concurrent task creates at ${TASK_LIMITS.tasksPerUser - 10} tasks stop at exactly ${TASK_LIMITS.tasksPerUser}`, async () => {
    const s = await t.signIn();
    await seedTasks(s, TASK_LIMITS.tasksPerUser - 10);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        createTask(s, { title: `race ${i}`, estimateMinutes: 30 }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(10);
    expect(statuses.filter((c) => c === 403)).toHaveLength(90);
    expect(answers.find((a) => a.statusCode === 403)!.json().error).toMatch(/1,000 tasks/);
    expect(await taskCount(s)).toBe(TASK_LIMITS.tasksPerUser);
  }, 60_000);

  it("deleted tasks don't count against the task cap, and a replay of one at the cap meets its tombstone", async () => {
    const s = await t.signIn();
    await seedTasks(s, TASK_LIMITS.tasksPerUser - 1);
    const id = randomUUID();
    expect((await createTask(s, { id, title: "last one", estimateMinutes: 30 })).statusCode).toBe(
      201,
    );
    expect((await createTask(s, { title: "over", estimateMinutes: 30 })).statusCode).toBe(403);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/tasks/${id}`,
      headers: s.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await liveTasks(s)).toBe(TASK_LIMITS.tasksPerUser - 1);
    const replay = await createTask(s, { id, title: "last one", estimateMinutes: 30 });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().task.deletedAt).not.toBeNull();
    expect((await createTask(s, { title: "room again", estimateMinutes: 30 })).statusCode).toBe(
      201,
    );
    expect(await liveTasks(s)).toBe(TASK_LIMITS.tasksPerUser);
    expect(await taskCount(s)).toBe(TASK_LIMITS.tasksPerUser + 1);
  }, 60_000);

  it("a plan whose new blocks would overfill the calendar is refused, and writes nothing", async () => {
    const s = await t.signIn();
    await seedEvents(s, LIMITS.eventsPerUser);
    await createTask(s, { title: "write the report", estimateMinutes: 60 });
    const plan = await t.app.inject({
      method: "POST",
      url: "/api/plan",
      headers: s.headers,
      payload: { days: 7 },
    });
    expect(plan.statusCode).toBe(403);
    expect(plan.json().error).toMatch(/calendar is full/);
    expect(await liveEvents(s)).toBe(LIMITS.eventsPerUser);
  }, 60_000);
});

describe("tasks", () => {
  it("GET /api/tasks lists every live task, not the first 500, and no deleted one", async () => {
    const s = await t.signIn();
    await seedTasks(s, 640);
    await t.db.execute(sql`
      insert into tasks (user_id, title, estimated_minutes, deleted_at)
      select ${s.user.id}, '', 30, now() from generate_series(1, 50)`);
    const res = await t.app.inject({ method: "GET", url: "/api/tasks", headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().tasks).toHaveLength(640);
    expect(res.json().tasks.every((x: { deletedAt: unknown }) => x.deletedAt === null)).toBe(true);
  });

  it("a create repeated with the same client id returns the same task and stores one", async () => {
    const s = await t.signIn();
    const id = randomUUID();
    const payload = { id, title: "call the bank", estimateMinutes: 15 };
    const first = await createTask(s, payload);
    expect(first.statusCode).toBe(201);
    expect(first.json().task).toMatchObject({ id, title: "call the bank" });
    const [again, concurrent] = await Promise.all([
      createTask(s, { ...payload, title: "a replay never overwrites" }),
      createTask(s, payload),
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().task).toEqual(first.json().task);
    expect(concurrent.json().task).toEqual(first.json().task);
    expect(await taskCount(s)).toBe(1);

    const other = await t.signIn();
    const stolen = await createTask(other, payload);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.body).not.toContain("call the bank");
    expect(await taskCount(other)).toBe(0);
    expect((await createTask(s, { ...payload, id: "not-a-uuid" })).statusCode).toBe(400);
  });

  it(`task writes are rate limited per user (${TASK_WRITE_RATE_LIMIT.max} per ${TASK_WRITE_RATE_LIMIT.windowSeconds / 60} min)`, async () => {
    const s = await t.signIn();
    const other = await t.signIn();
    for (let i = 0; i < TASK_WRITE_RATE_LIMIT.max; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, TASK_WRITE_RATE_LIMIT.max - i) }, (_, j) =>
          createTask(s, { title: `t ${i + j}`, estimateMinutes: 5 }),
        ),
      );
      expect(batch.every((r) => r.statusCode === 201)).toBe(true);
    }
    const over = await createTask(s, { title: "one too many", estimateMinutes: 5 });
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect((await createTask(other, { title: "mine", estimateMinutes: 5 })).statusCode).toBe(201);
  }, 120_000);
});
