import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Misc';

/** The dark band that opens the static and marketing pages. */
export function StaticHero({ eyebrow, title, children, actions }: { eyebrow?: ReactNode; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden bg-slate-950 text-white">
      <div aria-hidden className="bg-brand-gradient absolute inset-0 -z-10 opacity-30" />
      <div aria-hidden className="absolute -top-24 -right-24 -z-10 h-72 w-72 rounded-full bg-brand-500/30 blur-3xl" />
      <Container className="py-14 sm:py-20">
        {eyebrow ? <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold backdrop-blur">{eyebrow}</p> : null}
        <h1 className="mt-4 max-w-3xl text-4xl leading-tight font-extrabold sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-white/90">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </Container>
    </section>
  );
}
