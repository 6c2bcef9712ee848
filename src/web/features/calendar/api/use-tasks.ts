import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/client.ts";
import { queryKeys } from "../../../lib/server-state.ts";
import { withSession } from "./with-session.ts";

export const tasksKey = queryKeys.tasks;

/**
 * The user's tasks (open first). Tasks live on the server only: the list is fetched while
 * the device is online, and is fetched again when the assistant changes the calendar from
 * the chat (it may have added tasks: calendarChanged invalidates this key).
 */
export function useTasks(userId: string, online: boolean) {
  return useQuery({
    queryKey: tasksKey(userId),
    queryFn: () => withSession(() => call("listTasks")).then((r) => r.tasks),
    enabled: online,
    // the assistant may have added tasks while the panel was closed
    refetchOnMount: "always",
    retry: false,
  });
}
