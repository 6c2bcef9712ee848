import { afterEach } from "vitest";
// as in the app, where every screen with queries loads it: TanStack Query's onlineManager
// follows the app's online state (use-online.ts), so tests set that one
import "../lib/query-client.ts";
import { resetResources } from "../lib/shared-resource.ts";
import { setOnline } from "../lib/use-online.ts";

// each test starts as a fresh page: no cached server modes or votes, online
afterEach(() => {
  resetResources();
  setOnline(true);
});
