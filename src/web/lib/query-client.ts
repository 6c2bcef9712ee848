import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

// TanStack Query assumes it starts online and only learns otherwise from an 'offline'
// event, so a page opened offline would fail its queries instead of pausing them until the
// connection is back (when refetchOnReconnect asks again).
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // client errors will not get better by asking again
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});
