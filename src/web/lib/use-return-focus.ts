import { useLayoutEffect, useRef } from "react";

/**
 * For a Radix dialog opened without a Dialog.Trigger (its open state lives in the parent):
 * Radix gives focus back only to a Trigger, so on close focus would fall to <body> and a
 * keyboard user would lose their place. This remembers what had focus when the dialog
 * opened (a layout effect runs before Radix moves focus) and returns the handler for
 * `onCloseAutoFocus` that puts focus back there, when it is still on the page.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}
