import { z } from "zod";

/** A task's priority and energy (the database keeps to these too). */
export const TASK_LEVELS = ["low", "medium", "high"] as const;
export const TASK_STATUSES = ["open", "done"] as const;

const level = z.enum(TASK_LEVELS, "must be low, medium or high");
const noNul = (s: string) => !s.includes("\u0000");

export const taskInput = z.strictObject({
  title: z
    .string("title is required")
    .trim()
    .min(1, "title is required")
    .max(200, "title must be at most 200 characters")
    .refine(noNul, "title must not contain NUL characters"),
  estimateMinutes: z
    .number("estimateMinutes must be a number")
    .int("estimateMinutes must be whole minutes")
    .min(5, "estimateMinutes must be at least 5")
    .max(40 * 60, "estimateMinutes must be at most 40 hours"),
  deadline: z.iso
    .datetime({ offset: true, message: "deadline must be an ISO date-time" })
    .refine((v) => {
      const y = new Date(v).getUTCFullYear();
      return y >= 2000 && y <= 2100;
    }, "deadline must be between the years 2000 and 2100")
    .nullable()
    .optional(),
  priority: level.default("medium"),
  energy: level.default("medium"),
  splittable: z.boolean().default(true),
  minChunkMinutes: z.number().int().min(5).max(240).default(25),
  status: z.enum(TASK_STATUSES).default("open"),
});
export type TaskInput = z.input<typeof taskInput>;

/**
 * PUT /api/tasks/:id: the task's fields, and with `status: "done"` optionally the minutes it
 * really took (`actualMinutes`) — evidence Sage learns estimates from (issue 27).
 */
export const updateTaskRequest = taskInput
  .extend({
    actualMinutes: z
      .number("actualMinutes must be a number")
      .int("actualMinutes must be whole minutes")
      .min(1, "actualMinutes must be at least 1")
      .max(100 * 60, "actualMinutes must be at most 100 hours")
      .optional(),
  })
  .refine((b) => b.actualMinutes === undefined || b.status === "done", {
    message: 'actualMinutes is only taken with status "done"',
    path: ["actualMinutes"],
  });
export type UpdateTaskRequest = z.input<typeof updateTaskRequest>;

/** POST /api/tasks: `id` is the client's own UUID, so a repeated create is a replay. */
export const createTaskRequest = taskInput.extend({ id: z.uuid("id must be a UUID").optional() });
export type CreateTaskRequest = z.input<typeof createTaskRequest>;

export const TASK_LIMITS = {
  /**
   * Live tasks, open and done together (deleted ones don't count); the list and the planner
   * read at most this many.
   */
  tasksPerUser: 1_000,
} as const;

export const task = z.object({
  id: z.uuid(),
  title: z.string(),
  estimateMinutes: z.number().int(),
  deadline: z.string().nullable(),
  priority: level,
  energy: level,
  splittable: z.boolean(),
  minChunkMinutes: z.number().int(),
  status: z.enum(TASK_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Null for every listed task; set when a replayed create meets the task's tombstone. */
  deletedAt: z.string().nullable(),
});
export type Task = z.infer<typeof task>;

export const planRequest = z.strictObject({
  days: z
    .number()
    .int()
    .min(1, "days must be at least 1")
    .max(28, "days must be at most 28")
    .default(7),
  /** Only propose: the answer says where blocks would go, and nothing is written. */
  preview: z.boolean({ error: "preview must be true or false" }).default(false),
});

export const planResponse = z.object({
  placed: z.array(
    z.object({
      taskId: z.uuid(),
      /** The block's event; null for a block a preview proposes (not written). */
      eventId: z.uuid().nullable(),
      start: z.string(),
      end: z.string(),
      /** Why the block is there, in one sentence from the scheduler's reasons. */
      why: z.string(),
      /** Where it already was before this plan (a plan moves as little as it can). */
      kept: z.boolean(),
    }),
  ),
  unplaced: z.array(z.object({ taskId: z.uuid(), reason: z.string() })),
  /** Routine sessions (issue 29), placed like blocks: the same fields, by routine. */
  sessions: z
    .array(
      z.object({
        routineId: z.uuid(),
        eventId: z.uuid().nullable(),
        start: z.string(),
        end: z.string(),
        why: z.string(),
        kept: z.boolean(),
      }),
    )
    .optional(),
  /** Weeks that could not hold all of a routine's sessions, and why, plainly. */
  sessionsShort: z
    .array(z.object({ routineId: z.uuid(), week: z.string(), reason: z.string() }))
    .optional(),
  /** What this plan changed, for undoing it in one step: blocks it wrote and blocks it removed. */
  changes: z.object({ created: z.array(z.uuid()), removed: z.array(z.uuid()) }),
  /** Set when a connected calendar could not be read fresh: the plan used what was known. */
  notice: z.string().optional(),
});
export type PlanResponse = z.infer<typeof planResponse>;

/** The description every planned block carries (the feed shows it); views say it once, not per block. */
export const PLANNED_BLOCK_DESCRIPTION =
  "Planned by Sage at a time that suits your energy. Move it if life happens — I'll plan around it.";

/**
 * A block's description where it leaves Sage (the feed, a write calendar): why it is there,
 * then what it is. Other events keep their own description.
 */
export function withWhy(why: string | null | undefined, description: string | null): string | null {
  if (!why) return description;
  return description ? `${why}.\n\n${description}` : `${why}.`;
}

/** A plan writes at most this many blocks (the scheduler's horizon is four weeks). */
export const MAX_PLAN_CHANGES = 2000;

/** A block of a proposal (POST /api/plan with preview), as the person decided on it. */
const proposedBlock = z.strictObject({
  taskId: z.uuid("taskId must be a task id"),
  start: z.iso.datetime({ offset: true, error: "start must be an ISO date-time" }),
  end: z.iso.datetime({ offset: true, error: "end must be an ISO date-time" }),
});
export type ProposedBlock = z.infer<typeof proposedBlock>;

/** At most this many blocks are thrown back and remembered per person (the newest). */
export const MAX_AVOIDED = 200;

/**
 * POST /api/plan/accept: the proposal as the person decided — the blocks they accept stay
 * where proposed (if they still fit), the ones they throw back are never proposed there again
 * for that task, and the plan is written.
 */
export const planAcceptRequest = z
  .strictObject({
    days: planRequest.shape.days,
    accept: z
      .array(proposedBlock)
      .max(MAX_PLAN_CHANGES, `accept holds at most ${MAX_PLAN_CHANGES} blocks`),
    reject: z
      .array(proposedBlock)
      .max(MAX_AVOIDED, `reject holds at most ${MAX_AVOIDED} blocks`)
      .default([]),
  })
  .refine((b) => [...b.accept, ...b.reject].every((p) => Date.parse(p.end) > Date.parse(p.start)), {
    message: "every block must end after it starts",
    path: ["accept"],
  });

/** POST /api/plan/undo: the `changes` of the plan to undo. */
export const planUndoRequest = z.strictObject({
  created: z.array(z.uuid("created must hold event ids")).max(MAX_PLAN_CHANGES),
  removed: z.array(z.uuid("removed must hold event ids")).max(MAX_PLAN_CHANGES),
});
export type PlanUndoRequest = z.infer<typeof planUndoRequest>;
export const planUndoResponse = z.object({ deleted: z.number().int(), restored: z.number().int() });
export type PlanUndoResponse = z.infer<typeof planUndoResponse>;
