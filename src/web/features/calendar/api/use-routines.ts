import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Routine, RoutineInput } from "../../../../core/contract/routines.ts";
import { call } from "../../../lib/client.ts";
import { withSession } from "./with-session.ts";

export const routinesKey = (userId: string) => ["routines", userId] as const;

/** The person's routines (server only, like tasks): fetched while online. */
export function useRoutines(userId: string, online: boolean) {
  return useQuery({
    queryKey: routinesKey(userId),
    queryFn: () => withSession(() => call("listRoutines")).then((r) => r.routines),
    enabled: online,
    retry: false,
  });
}

/**
 * Add, edit and delete. The server places (or removes) the sessions before it answers, so
 * `onChanged` (the calendar's sync) brings them into the week.
 */
export function useRoutineMutations(userId: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: routinesKey(userId) });
    onChanged();
  };
  const create = useMutation({
    mutationFn: (body: RoutineInput) =>
      withSession(() => call("createRoutine", { body })).then((r) => r.routine),
    onSettled: settled,
  });
  const update = useMutation({
    mutationFn: ({ routine, input }: { routine: Routine; input: RoutineInput }) =>
      withSession(() => call("updateRoutine", { params: { id: routine.id }, body: input })).then(
        (r) => r.routine,
      ),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (routine: Routine) =>
      withSession(() => call("deleteRoutine", { params: { id: routine.id } })),
    onSettled: settled,
  });
  return { create, update, remove };
}
