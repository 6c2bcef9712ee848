import type { ReactNode } from "react";
import { PageShell } from "../../../components/page-shell.tsx";
import { SiteFooter } from "../../../components/site-footer.tsx";

export const LEGAL_UPDATED = "22 November 2026";

/** The frame of the privacy policy and terms: a readable column of headed sections. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell footer={<SiteFooter />}>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16 [&_a]:font-medium [&_a]:text-sage-800 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-stone-900 [&_li]:mt-2 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 text-stone-800">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        <p className="text-sm text-stone-700">Last updated: {LEGAL_UPDATED}</p>
        {children}
      </article>
    </PageShell>
  );
}
