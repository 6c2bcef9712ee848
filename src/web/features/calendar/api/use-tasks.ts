import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Task } from "../../../../core/contract/tasks.ts";
import { api } from "../../../lib/api.ts";
import { withSession } from "./with-session.ts";

export const tasksKey = (userId: string) => ["tasks", userId] as const;

/**
 * The user's tasks (open first). Tasks live on the server only: the list is fetched while
 * the device is online, and is fetched again when the assistant changes the calendar from
 * the chat (it may have added tasks).
 */
export function useTasks(userId: string, online: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const changed = () => void queryClient.invalidateQueries({ queryKey: tasksKey(userId) });
    window.addEventListener("sage:calendar-changed", changed);
    return () => window.removeEventListener("sage:calendar-changed", changed);
  }, [queryClient, userId]);
  return useQuery({
    queryKey: tasksKey(userId),
    queryFn: () => withSession(() => api<{ tasks: Task[] }>("/api/tasks")).then((r) => r.tasks),
    enabled: online,
    // the assistant may have added tasks while the panel was closed
    refetchOnMount: "always",
    retry: false,
  });
}
