import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { CalendarToolCall, NewTask } from "../../core/assistant/calendar-tools.ts";
import type { ActionItem } from "../../core/contract/assistant-actions.ts";
import { taskInput } from "../../core/contract/tasks.ts";
import { lockUserWrites } from "../db/lock-user-writes.ts";
import { calendarEvents, tasks } from "../db/schema.ts";
import { explainBlocks } from "../planning/explain-blocks.ts";
import { planTasks } from "../planning/plan-tasks.ts";
import { rememberPlan } from "../planning/replan-worker.ts";
import { assertRoomForTasks, taskColumns } from "../tasks/create-task.ts";
import { removeFutureTaskBlocks } from "../tasks/delete-task.ts";
import type { ToolOutcome } from "./event-tools.ts";
import { overlapping, type ToolCtx, titleMatches } from "./find-events.ts";
import { dayOf, quote, timeOf, when } from "./format-when.ts";
import type { PendingAction, UndoStep } from "./record-actions.ts";

const said = (reply: string): ToolOutcome => ({ reply, changed: false, actions: [] });
/** The user's open tasks; a deleted one (a tombstone) is never found, named or marked. */
const openTasks = (userId: string) =>
  and(eq(tasks.userId, userId), eq(tasks.status, "open"), isNull(tasks.deletedAt));
const estimate = (m: number) =>
  m < 60 ? `${m} min` : m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;

/** The tasks' energy when not said: long or due work is demanding, quick work is not. */
function inferredLevels(t: NewTask): {
  priority: "low" | "medium" | "high";
  energy: "low" | "medium" | "high";
} {
  const hard =
    /\b(?:write|writing|draft|design|analy[sz]e|study|research|plan|prepare|build|code|essay|report|thesis|proposal|presentation|deck|slides)\b/i;
  const light =
    /\b(?:email|e-mail|call|reply|inbox|tidy|file|pay|book|order|buy|admin|errand|clean)\b/i;
  const priority = t.deadline ? "high" : "medium";
  const energy =
    light.test(t.title) && !hard.test(t.title)
      ? "low"
      : hard.test(t.title) || t.estimateMinutes >= 90
        ? "high"
        : "medium";
  return { priority, energy };
}

/**
 * Adds tasks through the same validation and the same cap as POST /api/tasks (at most 10 a
 * message). All or none: when they would pass the cap, none is added (403, said as a reply).
 */
async function insertTasks(ctx: ToolCtx, list: NewTask[]) {
  const inputs = list.slice(0, 10).map((t) => ({
    id: randomUUID(),
    ...taskInput.parse({
      title: t.title,
      estimateMinutes: Math.min(Math.max(t.estimateMinutes, 5), 2400),
      deadline: t.deadline ?? null,
      ...inferredLevels(t),
    }),
  }));
  if (inputs.length === 0) return [];
  await ctx.db.transaction(async (tx) => {
    await lockUserWrites(tx, ctx.userId);
    await assertRoomForTasks(tx, { userId: ctx.userId, adding: inputs.length });
    await tx
      .insert(tasks)
      .values(
        inputs.map(({ id, ...input }) => ({ id, userId: ctx.userId, ...taskColumns(input) })),
      );
  });
  return inputs.map((input) => ({
    id: input.id,
    title: input.title,
    estimateMinutes: input.estimateMinutes,
    deadline: input.deadline ?? null,
  }));
}

const taskItem = (t: {
  title: string;
  estimateMinutes: number;
  deadline: string | null;
}): ActionItem => ({
  title: t.title,
  start: null,
  end: t.deadline,
  why: estimate(t.estimateMinutes),
});

export async function addTasksTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "add_tasks" }>,
): Promise<ToolOutcome> {
  const added = await insertTasks(ctx, call.tasks);
  const lines = added.map(
    (t) =>
      `- ${quote(t.title)}, ${estimate(t.estimateMinutes)}${t.deadline ? `, due ${when(t.deadline, null, ctx.voice)}` : ""}`,
  );
  return {
    reply: `Added ${added.length === 1 ? "a task" : `${added.length} tasks`}:\n\n${lines.join("\n")}\n\nSay “plan my week” when you'd like them in the calendar.`,
    changed: true,
    actions: [
      {
        card: { kind: "tasks_added", items: added.map(taskItem), conflicts: [] },
        undo: added.map((t) => ({ op: "delete_task" as const, id: t.id })),
      },
    ],
  };
}

/**
 * Plans the open tasks (adding new ones first) and says only what is true: how many blocks
 * landed in the person's peak hours, and why each block is where it is.
 */
export async function planTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "plan" | "add_tasks_and_plan" }>,
): Promise<ToolOutcome> {
  const added = call.tool === "add_tasks_and_plan" ? await insertTasks(ctx, call.tasks) : [];
  const days = call.days ?? 7;
  const planned = await planTasks(ctx.db, {
    userId: ctx.userId,
    days,
    now: ctx.now,
    locale: ctx.voice.locale,
  });
  // from the first plan on, Sage keeps it up to date by itself (replan-worker.ts)
  await rememberPlan(ctx.db, { userId: ctx.userId, days, locale: ctx.voice.locale });
  // every block is written (no preview here), so each has its event
  const result = {
    ...planned,
    placed: planned.placed.flatMap((p) => (p.eventId ? [{ ...p, eventId: p.eventId }] : [])),
  };
  // the scheduler's own reason for each block: the same sentence the block and the feed show
  const whyOf = new Map(result.placed.map((p) => [p.eventId, p.why]));
  // only the titles this plan names (a person may have many tasks)
  const named = [...new Set([...result.placed, ...result.unplaced].map((p) => p.taskId))];
  const owned =
    named.length === 0
      ? []
      : await ctx.db
          .select({ id: tasks.id, title: tasks.title })
          .from(tasks)
          .where(
            and(eq(tasks.userId, ctx.userId), inArray(tasks.id, named), isNull(tasks.deletedAt)),
          );
  const titles = new Map(owned.map((r) => [r.id, r.title]));
  const { blocks: explained, profiled } = await explainBlocks(ctx.db, {
    userId: ctx.userId,
    placed: result.placed,
    now: ctx.now,
    voice: ctx.voice,
  });
  const items: ActionItem[] = explained.map((b) => ({
    title: titles.get(b.taskId) ?? "Task",
    start: b.start,
    end: b.end,
    why: whyOf.get(b.eventId) ?? b.why,
  }));
  const inserted = new Set(result.changes.created);
  const newBlocks = result.placed.filter((p) => inserted.has(p.eventId));
  const lines = explained.map(
    (b) =>
      `- ${when(b.start, b.end, ctx.voice)} ${quote(titles.get(b.taskId) ?? "Task")} — ${whyOf.get(b.eventId) ?? b.why}`,
  );
  const misses = result.unplaced.map(
    (u) => `- ${quote(titles.get(u.taskId) ?? "Task")}: ${u.reason}`,
  );
  const parts: string[] = [];
  if (added.length > 0)
    parts.push(`Added ${added.map((t) => quote(t.title)).join(", ")} to your tasks.`);
  if (lines.length > 0) {
    const inPeak = explained.filter((b) => b.inPeak).length;
    const peakHours = profiled ? "your peak hours" : "the default focus hours";
    const peakLine =
      inPeak === lines.length
        ? `All of them are in ${peakHours}.`
        : inPeak > 0
          ? `${inPeak} of ${lines.length} are in ${peakHours}.`
          : `None of them fits in ${peakHours} this time.`;
    parts.push(
      `Here's the plan (${lines.length} ${lines.length === 1 ? "block" : "blocks"}). ${peakLine}\n\n${lines.join("\n")}`,
    );
  }
  if (misses.length > 0) parts.push(`I couldn't fit everything:\n\n${misses.join("\n")}`);
  if (lines.length === 0 && misses.length === 0)
    parts.push(
      "You have no open tasks to plan. Tell me one with a rough length — for example “write report 3h due Friday”.",
    );
  const undo: UndoStep[] = [
    ...newBlocks.map((b) => ({ op: "delete_event" as const, id: b.eventId, version: 1 })),
    ...result.changes.removed.map((r) => ({
      op: "restore_event" as const,
      id: r.id,
      version: r.version,
    })),
    ...added.map((t) => ({ op: "delete_task" as const, id: t.id })),
  ];
  const actions: PendingAction[] = [];
  if (added.length > 0 || newBlocks.length > 0 || result.changes.removed.length > 0) {
    const conflicts = await overlapping(
      ctx,
      newBlocks.map((b) => ({ start: new Date(b.start), end: new Date(b.end) })),
      new Set(result.placed.map((p) => p.eventId)),
    );
    actions.push({
      card: {
        kind: "planned",
        items: [...items, ...(lines.length === 0 ? added.map(taskItem) : [])],
        conflicts,
      },
      undo,
    });
  }
  return { reply: parts.join("\n\n"), changed: actions.length > 0, actions };
}

/**
 * The one open task of the person's a phrase names: an exact title first, else every title
 * the phrase's words name. Several → the reply asks which (`question` ends it), never guesses.
 */
export async function findOpenTask(
  ctx: ToolCtx,
  title: string,
  ask: { held: string; question: string },
): Promise<{ task: { id: string; title: string } } | { reply: string; none?: true }> {
  const open = await ctx.db
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(openTasks(ctx.userId))
    .limit(500);
  const exact = open.filter((t) => t.title.toLowerCase() === title.toLowerCase());
  const hits = exact.length > 0 ? exact : open.filter((t) => titleMatches(t.title, title));
  if (hits.length === 0)
    return { reply: `I couldn't find an open task called ${quote(title)}.`, none: true };
  if (hits.length > 1) {
    return {
      reply: `${hits.length} open tasks match ${quote(title)}, so ${ask.held}:\n\n${hits
        .slice(0, 5)
        .map((t) => `- ${quote(t.title)}`)
        .join("\n")}\n\n${ask.question}`,
    };
  }
  return { task: hits[0]! };
}

/** Marks the one open task a phrase names as done, and frees its future blocks. */
export async function completeTaskTool(
  ctx: ToolCtx,
  call: Extract<CalendarToolCall, { tool: "complete_task" }>,
): Promise<ToolOutcome> {
  const found = await findOpenTask(ctx, call.title, {
    held: "I haven't marked any",
    question: "Which one is done?",
  });
  if ("reply" in found) return said(found.reply);
  return markTaskDone(ctx, found.task);
}

/** Marks an open task of the person's done and frees its future blocks, with its Undo. */
export async function markTaskDone(
  ctx: ToolCtx,
  task: { id: string; title: string },
): Promise<ToolOutcome> {
  const undo: UndoStep[] = [{ op: "reopen_task", id: task.id }];
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({ status: "done", updatedAt: sql`now()` })
      .where(and(eq(tasks.id, task.id), openTasks(ctx.userId)));
    const freed = await removeFutureTaskBlocks(tx, {
      userId: ctx.userId,
      taskId: task.id,
      now: ctx.now,
    });
    for (const f of freed) undo.push({ op: "restore_event", id: f.id, version: f.version });
  });
  const freedCount = undo.length - 1;
  return {
    reply: `Marked ${quote(task.title)} as done.${freedCount ? ` I've freed its ${freedCount === 1 ? "planned block" : `${freedCount} planned blocks`}.` : ""}`,
    changed: true,
    actions: [
      {
        card: {
          kind: "task_done",
          items: [{ title: task.title, start: null, end: null }],
          conflicts: [],
        },
        undo,
      },
    ],
  };
}

/** "What should I do now?": the block in progress, else the most pressing open task. */
export async function whatNowTool(ctx: ToolCtx): Promise<ToolOutcome> {
  const [current] = await ctx.db
    .select({ title: calendarEvents.title, end: calendarEvents.endTime })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, ctx.userId),
        isNull(calendarEvents.deletedAt),
        lte(calendarEvents.startTime, ctx.now),
        gt(calendarEvents.endTime, ctx.now),
      ),
    )
    .orderBy(asc(calendarEvents.startTime))
    .limit(1);
  if (current?.end)
    return said(
      `Right now: ${quote(current.title)}, until ${timeOf(current.end, ctx.voice)}. Stay with it; the rest can wait.`,
    );
  const open = await ctx.db
    .select()
    .from(tasks)
    .where(openTasks(ctx.userId))
    .orderBy(asc(tasks.deadline), asc(tasks.createdAt))
    .limit(200);
  if (open.length === 0)
    return said(
      "Nothing is open. A good moment for a break — or tell me a task and I'll find it a slot.",
    );
  const rank = { high: 0, medium: 1, low: 2 } as const;
  const next = [...open].sort(
    (a, b) =>
      (a.deadline?.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.deadline?.getTime() ?? Number.POSITIVE_INFINITY) || rank[a.priority] - rank[b.priority],
  )[0]!;
  const [block] = await ctx.db
    .select({ start: calendarEvents.startTime })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, ctx.userId),
        inArray(calendarEvents.taskId, [next.id]),
        isNull(calendarEvents.deletedAt),
        gt(calendarEvents.startTime, ctx.now),
      ),
    )
    .orderBy(asc(calendarEvents.startTime))
    .limit(1);
  const due = next.deadline ? `, due ${dayOf(next.deadline, ctx.voice)}` : "";
  const planned = block
    ? ` Its next block is ${when(block.start, null, ctx.voice)}; starting early is fine.`
    : "";
  return said(
    `Start with ${quote(next.title)} (${estimate(next.estimatedMinutes)}${due}). Open it and do the first small step.${planned}`,
  );
}
