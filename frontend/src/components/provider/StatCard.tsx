import { Fragment, type ReactNode } from 'react';

/** A dashboard figure: icon, label, big value, optional note. */
export function StatCard({ icon, label, value, note, testId }: { icon: ReactNode; label: string; value: ReactNode; note?: string; testId?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-50 text-brand-600">{icon}</span>
      </div>
      {/* The figure shrinks with a phone's width (two cards a row): "1,000,000" overflowed a card 375 px wide; narrower still, it breaks after a comma. */}
      <p className="mt-2 text-[clamp(1.375rem,6vw,1.875rem)] leading-tight font-extrabold text-slate-900 tabular-nums [overflow-wrap:anywhere]" data-testid={testId ? `${testId}-value` : undefined}>
        {typeof value === 'string' ? breakAfterCommas(value) : value}
      </p>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}

/** A figure such as "1,000,000" with a line-break opportunity after each comma (the text itself unchanged). */
function breakAfterCommas(text: string): ReactNode {
  const groups = text.split(',');
  return groups.map((group, i) => (
    <Fragment key={i}>
      {group}
      {i < groups.length - 1 ? (
        <>
          ,<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}
