import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Misc';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, last-updated date, a contents list and numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <Container className="max-w-6xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm font-medium text-slate-600" data-testid="last-updated">
        Last updated: {updated}
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[240px_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-bold tracking-wide text-slate-600 uppercase">Contents</p>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-700 hover:text-brand-600">
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 leading-relaxed text-slate-700 shadow-sm sm:p-10">
          <div className="text-slate-700">{intro}</div>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">{section.body}</div>
            </section>
          ))}
        </article>
      </div>
    </Container>
  );
}
