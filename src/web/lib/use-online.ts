import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
// the prerendered HTML is the online page; a client that starts offline re-renders at once
const onServer = () => true;

/**
 * Whether the browser is online, as TanStack Query sees it (src/web/lib/query-client.ts
 * starts it from navigator.onLine; the window's online/offline events keep it current), so
 * the screen and the queries never disagree.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
