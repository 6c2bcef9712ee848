import type { ReactNode } from "react";
import { DemoModeNote } from "./demo-mode-note.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Header, main landmark and footer note shared by the simple pages. */
export function PageShell({
  children,
  header,
  footer,
}: {
  children: ReactNode;
  header?: React.ComponentProps<typeof SiteHeader>;
  /** Replaces the default footer (the demo-mode note). */
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader {...header} />
      <main id="main" className="flex-1">
        {children}
      </main>
      {footer ?? (
        <footer className="border-t border-stone-200 px-4 py-4 text-center">
          <DemoModeNote />
        </footer>
      )}
    </div>
  );
}
