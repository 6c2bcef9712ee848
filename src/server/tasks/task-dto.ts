import type { Task } from "../../core/contract/tasks.ts";
import type { tasks } from "../db/schema.ts";

type Row = typeof tasks.$inferSelect;

export const toTaskDto = (row: Row): Task => ({
  id: row.id,
  title: row.title,
  estimateMinutes: row.estimatedMinutes,
  deadline: row.deadline?.toISOString() ?? null,
  priority: row.priority,
  energy: row.energy,
  splittable: row.splittable,
  minChunkMinutes: row.minChunkMinutes,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  /** Set only on a replayed create of a deleted task: the tombstone answers, nothing returns. */
  deletedAt: row.deletedAt?.toISOString() ?? null,
});
