import { describe, expect, it } from "vitest";
import type { Task } from "../../../../core/contract/tasks.ts";
import { formatEstimate } from "./describe-task.ts";
import { emptyTaskForm, formToTaskInput, taskToForm } from "./task-form.ts";

const ZONE = "Europe/Berlin";
const NOW = new Date("2026-11-23T08:00:00Z"); // Monday 09:00 in Berlin
const opts = { zone: ZONE, now: NOW };

describe("task form", () => {
  it("reads hours (with a decimal comma too) and minutes as whole minutes", () => {
    const base = { ...emptyTaskForm(), title: "Report" };
    expect(formToTaskInput({ ...base, estimate: "1.5", unit: "hours" }, opts).input).toMatchObject({
      estimateMinutes: 90,
    });
    expect(formToTaskInput({ ...base, estimate: "2,25", unit: "hours" }, opts).input).toMatchObject(
      { estimateMinutes: 135 },
    );
    expect(formToTaskInput({ ...base, estimate: "45" }, opts).input).toMatchObject({
      estimateMinutes: 45,
      deadline: null,
      priority: "medium",
      energy: "medium",
      splittable: true,
    });
  });

  it("names what is wrong: no title, no or bad estimate, out of range", () => {
    const check = (patch: Partial<ReturnType<typeof emptyTaskForm>>) =>
      formToTaskInput({ ...emptyTaskForm(), title: "T", estimate: "30", ...patch }, opts).errors;
    expect(check({ title: "  " })).toEqual({ title: "Title is required" });
    expect(check({ estimate: "" })).toEqual({ estimate: "Enter how long it will take" });
    expect(check({ estimate: "-1" })).toEqual({
      estimate: "The estimate must be a positive number",
    });
    expect(check({ estimate: "abc" })).toEqual({
      estimate: "The estimate must be a positive number",
    });
    expect(check({ estimate: "41", unit: "hours" })).toEqual({
      estimate: "The estimate must be at most 40 hours",
    });
    expect(check({ title: "x".repeat(201) })).toEqual({
      title: "title must be at most 200 characters",
    });
  });

  it("reads the deadline in the user's zone, 17:00 unless told, and refuses a passed one", () => {
    const base = { ...emptyTaskForm(), title: "T", estimate: "30" };
    expect(formToTaskInput({ ...base, dueDate: "2026-11-27" }, opts).input?.deadline).toBe(
      "2026-11-27T16:00:00.000Z",
    );
    expect(
      formToTaskInput({ ...base, dueDate: "2026-11-27", dueTime: "09:30" }, opts).input?.deadline,
    ).toBe("2026-11-27T08:30:00.000Z");
    expect(formToTaskInput({ ...base, dueDate: "2026-11-20" }, opts).errors).toEqual({
      dueDate: "That time has already passed",
    });
    // editing a task whose deadline has passed keeps it without complaint
    expect(
      formToTaskInput(
        { ...base, dueDate: "2026-11-20" },
        { ...opts, current: "2026-11-20T16:00:00.000Z" },
      ).input?.deadline,
    ).toBe("2026-11-20T16:00:00.000Z");
  });

  it("fills the edit form from a task: half hours as hours, the rest as minutes", () => {
    const task: Task = {
      id: "11111111-1111-4111-8111-111111111111",
      title: "Report",
      estimateMinutes: 150,
      deadline: "2026-11-27T16:00:00.000Z",
      priority: "high",
      energy: "low",
      splittable: false,
      minChunkMinutes: 25,
      status: "open",
      createdAt: "",
      updatedAt: "",
      deletedAt: null,
    };
    const form = taskToForm(task, ZONE);
    expect(form).toMatchObject({
      estimate: "2.5",
      unit: "hours",
      dueDate: "2026-11-27",
      dueTime: "17:00",
      priority: "high",
      energy: "low",
      splittable: false,
    });
    expect(taskToForm({ ...task, estimateMinutes: 45 }, ZONE)).toMatchObject({
      estimate: "45",
      unit: "minutes",
    });
    expect(formToTaskInput(form, { ...opts, current: task.deadline }).input).toMatchObject({
      estimateMinutes: 150,
      deadline: task.deadline,
    });
  });

  it("says estimates the way people do", () => {
    expect([30, 60, 90, 180, 125].map(formatEstimate)).toEqual([
      "30 min",
      "1 h",
      "1 h 30 min",
      "3 h",
      "2 h 5 min",
    ]);
  });
});
