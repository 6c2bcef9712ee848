import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTaskRequest, Task, TaskInput } from "../../../../core/contract/tasks.ts";
import { call } from "../../../lib/client.ts";
import { newId } from "../lib/new-id.ts";
import { tasksKey } from "./use-tasks.ts";
import { withSession } from "./with-session.ts";

/** The fields PUT /api/tasks/:id takes (it replaces the task), from a task as listed. */
const toInput = (t: Task): TaskInput => ({
  title: t.title,
  estimateMinutes: t.estimateMinutes,
  deadline: t.deadline,
  priority: t.priority,
  energy: t.energy,
  splittable: t.splittable,
  minChunkMinutes: t.minChunkMinutes,
  status: t.status,
});

/** Add, edit, mark done / not done, and delete; each refreshes the list when it settles. */
export function useTaskMutations(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tasksKey(userId) });

  // the task's id is made here, once per save: the retry after a renewed session (or a
  // lost answer) repeats the same create, which the server answers with the stored task
  const create = useMutation({
    mutationFn: (input: TaskInput) => {
      const body: CreateTaskRequest = { id: newId(), ...input };
      return withSession(() => call("createTask", { body })).then((r) => r.task);
    },
    onSettled: refresh,
  });

  const update = useMutation({
    mutationFn: ({ task, input }: { task: Task; input: TaskInput }) =>
      withSession(() =>
        call("updateTask", {
          params: { id: task.id },
          body: { minChunkMinutes: task.minChunkMinutes, status: task.status, ...input },
        }),
      ).then((r) => r.task),
    onSettled: refresh,
  });

  const setStatus = useMutation({
    mutationFn: ({
      task,
      status,
      actualMinutes,
    }: {
      task: Task;
      status: Task["status"];
      /** With "done": the minutes it really took (evidence for estimates, issue 27). */
      actualMinutes?: number;
    }) =>
      withSession(() =>
        call("updateTask", {
          params: { id: task.id },
          body: { ...toInput(task), status, ...(actualMinutes ? { actualMinutes } : {}) },
        }),
      ).then((r) => r.task),
    // show the change at once; the list is re-read when the server has answered
    onMutate: async ({ task, status }) => {
      await queryClient.cancelQueries({ queryKey: tasksKey(userId) });
      queryClient.setQueryData<Task[]>(tasksKey(userId), (list) =>
        list?.map((t) => (t.id === task.id ? { ...t, status } : t)),
      );
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (task: Task) => withSession(() => call("deleteTask", { params: { id: task.id } })),
    onSettled: refresh,
  });

  return { create, update, setStatus, remove };
}
