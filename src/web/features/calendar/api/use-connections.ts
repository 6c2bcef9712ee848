import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ServerEvent } from "../../../../core/contract/calendar.ts";
import type {
  CreateConnectionRequest,
  UpdateConnectionRequest,
} from "../../../../core/contract/connections.ts";
import { call } from "../../../lib/client.ts";
import { listAllEvents } from "./events-api.ts";
import { withSession } from "./with-session.ts";

export const connectionsKey = (userId: string) => ["connections", userId] as const;
const connectedEventsKey = (userId: string) => ["connected-events", userId] as const;

/** A connection older than this is synced when the calendar opens. */
const STALE_MS = 5 * 60_000;

/**
 * The person's connected calendars. When the calendar opens, each connection last synced
 * more than 5 minutes ago is synced once (the server's lease keeps tabs from doubling up).
 */
export function useConnections(userId: string, online: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: connectionsKey(userId),
    queryFn: () => withSession(() => call("listConnections")),
    enabled: online,
    retry: false,
  });
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current || !query.data) return;
    refreshed.current = true;
    const stale = query.data.connections.filter(
      (c) =>
        c.status !== "syncing" &&
        (!c.lastSyncedAt || Date.now() - Date.parse(c.lastSyncedAt) > STALE_MS),
    );
    if (stale.length === 0) return;
    void Promise.allSettled(
      stale.map((c) => withSession(() => call("syncConnection", { params: { id: c.id } }))),
    ).then(() => {
      void queryClient.invalidateQueries({ queryKey: connectionsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: connectedEventsKey(userId) });
    });
  }, [query.data, queryClient, userId]);
  return query;
}

/**
 * Connected occurrences in [from, to) (read only; listed by the server for a range, and not
 * part of the offline copy). One query per range for every view (the week view, the
 * connected calendars' card); `select` shapes them for the view. A change to connections
 * refreshes them.
 */
export function useConnectedEvents<T = ServerEvent[]>(
  userId: string,
  online: boolean,
  range: { from: string; to: string },
  select?: (events: ServerEvent[]) => T,
) {
  return useQuery({
    queryKey: [...connectedEventsKey(userId), range.from, range.to],
    queryFn: async () => {
      const events = await listAllEvents(range);
      return events.filter((e) => e.source === "external");
    },
    ...(select ? { select } : {}),
    enabled: online,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Every change to connections refreshes the list and the connected events. */
function useConnectionMutation<V>(userId: string, send: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => withSession(() => send(v)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: connectionsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: connectedEventsKey(userId) });
    },
  });
}

export const useConnectCalendar = (userId: string) =>
  useConnectionMutation(userId, (body: CreateConnectionRequest) =>
    call("createConnection", { body }),
  );

export const useUpdateConnection = (userId: string) =>
  useConnectionMutation(userId, ({ id, body }: { id: string; body: UpdateConnectionRequest }) =>
    call("updateConnection", { params: { id }, body }),
  );

export const useSyncConnection = (userId: string) =>
  useConnectionMutation(userId, (id: string) => call("syncConnection", { params: { id } }));

export const useDisconnect = (userId: string) =>
  useConnectionMutation(userId, (id: string) =>
    call("deleteConnection", { params: { id }, query: {} }),
  );
