import { buttonClass } from "../components/button.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { Link } from "../lib/router.tsx";

export default function NotFoundPage() {
  return (
    <PageShell>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-6xl font-black text-sage-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
        <p className="mt-2 text-stone-700">
          The page you're looking for doesn't exist or has been moved.
        </p>
        <Link to="/" state={{ fromChat: true }} className={buttonClass("primary", "mt-8")}>
          Go Home
        </Link>
      </section>
    </PageShell>
  );
}
