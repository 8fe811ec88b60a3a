import type { ReactNode } from 'react';

/** A dashboard figure: icon, label, big value, optional note. */
export function StatCard({ icon, label, value, note, testId }: { icon: ReactNode; label: string; value: ReactNode; note?: string; testId?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-50 text-brand-600">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-extrabold text-slate-900" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </p>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}
