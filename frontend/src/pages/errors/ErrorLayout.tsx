import type { ReactNode } from 'react';
import { Mail } from 'lucide-react';

/** The shared frame of the error and connectivity pages. */
export function ErrorLayout({ icon, title, children, tone = 'brand' }: { icon: ReactNode; title: string; children: ReactNode; tone?: 'brand' | 'ocean' | 'red' | 'amber' }) {
  const tones = {
    brand: 'bg-brand-100 text-brand-600',
    ocean: 'bg-ocean-100 text-ocean-600',
    red: 'bg-red-100 text-red-600',
    amber: 'bg-amber-100 text-amber-700',
  } as const;
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-14 sm:py-20">
      <div className="w-full max-w-xl rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-2xl ${tones[tone]}`}>{icon}</span>
        <h1 className="mt-5 text-2xl font-extrabold text-slate-900 sm:text-3xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}

export function SupportContact() {
  return (
    <p className="mt-8 border-t border-slate-200 pt-5 text-sm text-slate-600">
      <Mail aria-hidden className="mr-1.5 inline h-4 w-4 align-[-3px]" />
      Need help? Email{' '}
      <a href="mailto:support@reproute.com" className="font-semibold text-ocean-700 underline">
        support@reproute.com
      </a>
    </p>
  );
}
