import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { addSessionCache } from "./session-caches.ts";
import { isOnline, subscribeOnline } from "./use-online.ts";

// TanStack Query assumes it starts online and only learns otherwise from an 'offline'
// event, so a page opened offline would fail its queries instead of pausing them until the
// connection is back (when refetchOnReconnect asks again). It follows the app's own online
// state (use-online.ts, which starts from navigator.onLine), so the screen and the queries
// never disagree — also when this module loads after the connection changed.
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return subscribeOnline(() => setOnline(isOnline()));
});

/**
 * The one query client of the signed-in screens. Its code loads with the routes that use it
 * (src/web/app/router.tsx, `withQueries`), not with the landing page (decision 033).
 */
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

addSessionCache({
  // what failed while the session was unknown is asked again, now with a token
  refresh: () => void queryClient.invalidateQueries(),
  // signed out: nothing of that user stays (the public reads live in shared-resource.ts)
  clear: () => queryClient.removeQueries(),
});
