import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { usePageTitle } from "@/lib/use-page-title";
import { EFFECTIVE_DATE, LAST_UPDATED } from "./legal-contact";

export interface LegalSection {
  /** Anchor of the section, e.g. "governing-law". */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal page: back-to-home link, the h1 with its dates, an introduction, a table of contents, and one h2 per
 * section so a screen reader can move between them.
 */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 pb-24 pt-10 sm:px-6 sm:pt-14">
      <Link
        to="/"
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>

      <header className="mt-8 border-b pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <p>
            Effective date: <span className="font-medium text-foreground">{EFFECTIVE_DATE}</span>
          </p>
          <p>
            Last updated: <span className="font-medium text-foreground">{LAST_UPDATED}</span>
          </p>
        </div>
        <div className="mt-6 space-y-4 leading-7 text-muted-foreground">{intro}</div>
      </header>

      <nav aria-label="Contents" className="mt-8 rounded-2xl border bg-card p-6 text-card-foreground">
        <p className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">Contents</p>
        {/* Numbers are part of each link's name, so "Contact" here never clashes with the navigation's link. */}
        <ol className="mt-3 gap-x-8 text-sm sm:columns-2 [&>li]:py-0.5">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-foreground underline-offset-4 hover:text-primary hover:underline"
              >
                <span className="text-muted-foreground">{index + 1}.</span> {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-12">
          <h2 id={section.id} className="scroll-mt-20 text-2xl font-bold tracking-tight">
            {section.title}
          </h2>
          <div className="mt-4 space-y-4 leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}
