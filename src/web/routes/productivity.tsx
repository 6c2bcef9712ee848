import { PageShell } from "../components/page-shell.tsx";

// Filled in by its own issue; the route exists so navigation and the 404 rules are real now.
export default function Page() {
  return (
    <PageShell>
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Calendar Intelligence</h1>
      </section>
    </PageShell>
  );
}
