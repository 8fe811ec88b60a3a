import type { ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { LogoMark } from './Logo';

const points = ['Search hotels by the equipment you train with', 'Save favourites across devices', 'Book directly, never a booking fee'];

/** Two-column frame for account screens: the form, and a branded panel on wide screens. */
export function AuthLayout({ title, subtitle, children, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="grid flex-1 lg:grid-cols-[1fr_minmax(0,520px)]">
      <section className="flex items-start justify-center px-4 py-10 sm:py-16 lg:items-center">
        <div className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
          <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
      </section>
      <aside aria-hidden className="bg-brand-gradient relative hidden overflow-hidden text-white lg:block">
        <div className="absolute -top-24 -right-24 h-80 w-80 rounded-full bg-white/10" />
        <div className="absolute bottom-10 -left-16 h-64 w-64 rounded-full bg-white/10" />
        <div className="relative flex h-full flex-col justify-center p-12">
          <LogoMark className="h-14 w-14" />
          <p className="mt-8 font-display text-3xl leading-tight font-extrabold">Every trip, a gym you'll actually want to use.</p>
          <ul className="mt-8 space-y-3">
            {points.map((p) => (
              <li key={p} className="flex items-center gap-3 text-white/95">
                <CheckCircle2 className="h-5 w-5 shrink-0" /> {p}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
