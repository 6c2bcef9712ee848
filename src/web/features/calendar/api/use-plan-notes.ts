import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/client.ts";
import { tasksKey } from "./use-tasks.ts";
import { withSession } from "./with-session.ts";

const planNotesKey = (userId: string) => ["plan-notes", userId] as const;

/**
 * What Sage tells the person about their plan (a block they removed in their own calendar),
 * newest first. Asked again whenever the calendar syncs (the sync that noticed it).
 */
export function usePlanNotes(userId: string, online: boolean, syncedAt: string | null) {
  return useQuery({
    queryKey: [...planNotesKey(userId), syncedAt],
    queryFn: () => withSession(() => call("listPlanNotes")).then((r) => r.notes),
    enabled: online,
    retry: false,
  });
}

/**
 * Dismisses a note; with `dropTask`, deletes its task first ("or tell me to drop it"); with
 * `undo`, puts an automatic move back (the old block returns, as the person's own).
 * `onDone` runs after (the calendar reads the blocks again).
 */
export function useSettlePlanNote(userId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (opts: { id: string; dropTask?: string | null; undo?: boolean }) => {
      if (opts.undo) {
        await withSession(() => call("undoPlanNote", { params: { id: opts.id } }));
        return;
      }
      if (opts.dropTask)
        await withSession(() => call("deleteTask", { params: { id: opts.dropTask! } }));
      await withSession(() => call("dismissPlanNote", { params: { id: opts.id } }));
    },
    onSettled: () => {
      onDone?.();
      void queryClient.invalidateQueries({ queryKey: planNotesKey(userId) });
      void queryClient.invalidateQueries({ queryKey: tasksKey(userId) });
    },
  });
}
