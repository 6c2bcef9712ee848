import { useEffect, useRef, useSyncExternalStore } from "react";

const NARROW = "(max-width: 767.98px)"; // below Tailwind's md: the sidebar is a drawer

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * On narrow screens the chat's sidebar is an off-canvas drawer, and it behaves as a modal:
 * closed, it is inert (out of the tab order, hidden from screen readers); open, the page
 * behind it is inert, focus moves into it and Tab wraps around inside it, Escape closes it,
 * and focus returns to what opened it. On wide screens it is an ordinary sidebar.
 */
export function useModalDrawer(open: boolean, close: () => void) {
  const narrow = useMediaQuery(NARROW);
  const drawerRef = useRef<HTMLElement>(null);
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (!open || !narrow) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    drawerRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) closeRef.current();
      if (e.key !== "Tab" || !drawerRef.current) return;
      // Tab wraps around inside the drawer
      const items = [...drawerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && drawerRef.current.contains(active);
      if (e.shiftKey && (active === first || !inside)) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && (active === last || !inside)) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const active = document.activeElement;
      // give focus back unless an action in the drawer sent it somewhere on purpose
      if (!active || active === document.body || drawerRef.current?.contains(active)) {
        opener?.focus();
      }
    };
  }, [open, narrow]);

  return { drawerRef, drawerInert: narrow && !open, pageInert: narrow && open };
}
