import { z } from "zod";

const level = z.enum(["low", "medium", "high"], "must be low, medium or high");
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
  status: z.enum(["open", "done"]).default("open"),
});
export type TaskInput = z.input<typeof taskInput>;

export const task = z.object({
  id: z.uuid(),
  title: z.string(),
  estimateMinutes: z.number().int(),
  deadline: z.string().nullable(),
  priority: level,
  energy: level,
  splittable: z.boolean(),
  minChunkMinutes: z.number().int(),
  status: z.enum(["open", "done"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof task>;

export const planRequest = z.strictObject({
  days: z
    .number()
    .int()
    .min(1, "days must be at least 1")
    .max(28, "days must be at most 28")
    .default(7),
});

export const planResponse = z.object({
  placed: z.array(
    z.object({ taskId: z.uuid(), eventId: z.uuid(), start: z.string(), end: z.string() }),
  ),
  unplaced: z.array(z.object({ taskId: z.uuid(), reason: z.string() })),
});
export type PlanResponse = z.infer<typeof planResponse>;
