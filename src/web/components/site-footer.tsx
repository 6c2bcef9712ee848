import { Link } from "../lib/router.tsx";
import { SUPPORT_EMAIL } from "../lib/support-contact.ts";
import { DemoModeNote } from "./demo-mode-note.tsx";

const linkClass = "rounded font-medium text-stone-800 underline-offset-2 hover:underline";

/** The site footer: privacy policy, terms of service and a support contact. */
export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white px-4 py-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Legal and support">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                Contact support
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-1 text-sm text-stone-700 sm:items-end">
          <p>© {new Date().getFullYear()} Sage</p>
          <DemoModeNote />
        </div>
      </div>
    </footer>
  );
}
