import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ListEventsResponse } from "../../../../core/contract/calendar.ts";
import type {
  Connection,
  CreateConnectionRequest,
  ListConnectionsResponse,
  UpdateConnectionRequest,
} from "../../../../core/contract/connections.ts";
import { api } from "../../../lib/api.ts";
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
    queryFn: () => withSession(() => api<ListConnectionsResponse>("/api/connections")),
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
      stale.map((c) => withSession(() => api(`/api/connections/${c.id}/sync`, { method: "POST" }))),
    ).then(() => {
      void queryClient.invalidateQueries({ queryKey: connectionsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: connectedEventsKey(userId) });
    });
  }, [query.data, queryClient, userId]);
  return query;
}

/** Connected occurrences in [from, to) (read only; listed by the server for a range). */
export function useConnectedEvents(
  userId: string,
  online: boolean,
  range: { from: string; to: string },
) {
  return useQuery({
    queryKey: [...connectedEventsKey(userId), range.from, range.to],
    queryFn: async () => {
      const q = new URLSearchParams(range).toString();
      const res = await withSession(() => api<ListEventsResponse>(`/api/calendar-events?${q}`));
      return res.events.filter((e) => e.source === "external");
    },
    enabled: online,
    retry: false,
  });
}

/** Every change to connections refreshes the list and the connected events. */
function useConnectionMutation<V>(userId: string, call: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => withSession(() => call(v)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: connectionsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: connectedEventsKey(userId) });
    },
  });
}

export const useConnectCalendar = (userId: string) =>
  useConnectionMutation(userId, (body: CreateConnectionRequest) =>
    api<{ connection: Connection }>("/api/connections", { method: "POST", body }),
  );

export const useUpdateConnection = (userId: string) =>
  useConnectionMutation(userId, ({ id, body }: { id: string; body: UpdateConnectionRequest }) =>
    api<{ connection: Connection }>(`/api/connections/${id}`, { method: "PATCH", body }),
  );

export const useSyncConnection = (userId: string) =>
  useConnectionMutation(userId, (id: string) =>
    api<{ connection: Connection }>(`/api/connections/${id}/sync`, { method: "POST" }),
  );

export const useDisconnect = (userId: string) =>
  useConnectionMutation(userId, (id: string) =>
    api(`/api/connections/${id}`, { method: "DELETE" }),
  );
