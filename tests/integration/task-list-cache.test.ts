import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks, taskVersions } from "../../src/server/db/schema.ts";
import { listTasks } from "../../src/server/tasks/list-tasks.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function titles(headers: Record<string, string>) {
  const res = await t.app.inject({ method: "GET", url: "/api/tasks", headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { tasks: { title: string; status: string }[] }).tasks.map(
    (task) => `${task.title} (${task.status})`,
  );
}

async function addTask(headers: Record<string, string>, title: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/tasks",
    headers,
    payload: { title, estimateMinutes: 30 },
  });
  expect(res.statusCode).toBe(201);
  return res.json().task.id as string;
}

// A task list asked again is answered from this process's cache after one primary-key row
// (task_versions) says nothing changed. The changes below are made in the database directly,
// as another instance would make them.
describe("the task list asked again", () => {
  it("is the cached list until the user's tasks change", async () => {
    const s = await t.signIn();
    await addTask(s.headers, "Write");
    const first = await listTasks(t.db, s.user.id);
    expect(await listTasks(t.db, s.user.id)).toBe(first);

    // another user's change leaves this list alone
    const other = await t.signIn();
    await addTask(other.headers, "Elsewhere");
    expect(await listTasks(t.db, s.user.id)).toBe(first);

    await addTask(s.headers, "Read");
    const second = await listTasks(t.db, s.user.id);
    expect(second).not.toBe(first);
    expect(second.tasks.map((task) => task.title).sort()).toEqual(["Read", "Write"]);
  });

  it("shows changes made outside this process: update, tombstone, delete, insert", async () => {
    const s = await t.signIn();
    const id = await addTask(s.headers, "Plan the trip");
    expect(await titles(s.headers)).toEqual(["Plan the trip (open)"]);

    await t.db.update(tasks).set({ status: "done" }).where(eq(tasks.id, id));
    expect(await titles(s.headers)).toEqual(["Plan the trip (done)"]);

    await t.db.update(tasks).set({ deletedAt: new Date() }).where(eq(tasks.id, id));
    expect(await titles(s.headers)).toEqual([]);

    await t.db.insert(tasks).values({ userId: s.user.id, title: "Book", estimatedMinutes: 15 });
    expect(await titles(s.headers)).toEqual(["Book (open)"]);

    await t.db.delete(tasks).where(eq(tasks.userId, s.user.id));
    expect(await titles(s.headers)).toEqual([]);
  });

  it("keeps its version when a change is rolled back", async () => {
    const s = await t.signIn();
    const id = await addTask(s.headers, "Stay");
    const first = await listTasks(t.db, s.user.id);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(tasks).set({ title: "Gone" }).where(eq(tasks.id, id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await listTasks(t.db, s.user.id)).toBe(first);
    const [row] = await t.db
      .select({ version: taskVersions.version })
      .from(taskVersions)
      .where(eq(taskVersions.userId, s.user.id));
    expect(row?.version).toBe(1);
  });
});
