import { useState, type ReactNode } from 'react';
import type { AdminAuditAction, ReviewAuditEntry } from '@reproute/contracts';
import { useAdminAudit } from '@/api/admin';
import { useReviewAudit } from '@/api/reviews';
import { Pager } from '@/components/ui/Pager';
import { cn } from '@/lib/cn';

const entriesPerPage = 25;

export const auditActionLabels: Record<AdminAuditAction, string> = {
  created: 'Created',
  edited: 'Edited',
  approved: 'Approved',
  rejected: 'Rejected',
  deleted: 'Deleted',
  revision_approved: 'Approved changes',
  revision_rejected: 'Rejected changes',
};

const actionClasses: Record<AdminAuditAction, string> = {
  created: 'bg-sky-100 text-sky-800',
  edited: 'bg-slate-100 text-slate-800',
  approved: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-red-100 text-red-800',
  deleted: 'bg-red-100 text-red-800',
  revision_approved: 'bg-emerald-100 text-emerald-800',
  revision_rejected: 'bg-red-100 text-red-800',
};

const whenFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

type AuditSubject = 'hotels' | 'reviews';

/**
 * Who approved, rejected, edited or deleted which hotel, and who approved or rejected which review,
 * newest first. Each service keeps its own log (written with the change), so the two are shown side by side.
 */
export function AuditLog() {
  const [subject, setSubject] = useState<AuditSubject>('hotels');
  return (
    <section aria-labelledby="audit-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="audit-heading" className="text-xl font-bold text-slate-900">
            Audit Log
          </h2>
          <p className="mt-1 text-sm text-slate-600">{subject === 'hotels' ? 'Every admin action on a hotel, newest first.' : 'Every decision on a review, newest first.'}</p>
        </div>
        <div role="group" aria-label="Audit log of" className="inline-flex w-fit rounded-xl bg-slate-200/70 p-1">
          {(['hotels', 'reviews'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={subject === value}
              onClick={() => setSubject(value)}
              className={cn('min-h-8 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:text-slate-900', subject === value && 'bg-white text-slate-900 shadow-sm')}
            >
              {value === 'hotels' ? 'Hotels' : 'Reviews'}
            </button>
          ))}
        </div>
      </div>
      {subject === 'hotels' ? <HotelAudit /> : <ReviewAudit />}
    </section>
  );
}

interface AuditPage<T> {
  isPending: boolean;
  isError: boolean;
  data?: { items: T[]; total: number };
}

/** One log's entries as a list, with its loading, error and empty states and its pages. */
function AuditEntries<T extends { id: string | number; createdAt: string; actorEmail: string }>(props: {
  audit: AuditPage<T>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  testId: string;
  entryTestId: string;
  badge: (entry: T) => { label: string; className: string };
  subject: (entry: T) => ReactNode;
}) {
  const { audit, page, onPage } = props;
  const total = audit.data?.total ?? 0;
  if (audit.isPending) return <p className="mt-4 text-slate-600">Loading the audit log...</p>;
  if (audit.isError || !audit.data) return <p className="mt-4 text-red-700">The audit log could not be loaded.</p>;
  return (
    <>
      {total === 0 ? (
        <p className="mt-4 text-slate-600">{props.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid={props.testId}>
          {audit.data.items.map((entry) => {
            const badge = props.badge(entry);
            return (
              <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4" data-testid={props.entryTestId}>
                <time dateTime={entry.createdAt} className="shrink-0 text-slate-600 sm:w-48">
                  {whenFormat.format(new Date(entry.createdAt))}
                </time>
                <span className={cn('inline-flex w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)}>{badge.label}</span>
                <span className="min-w-0 flex-1 break-words text-slate-900">{props.subject(entry)}</span>
                <span className="min-w-0 truncate text-slate-700 sm:max-w-64" title={entry.actorEmail}>
                  by {entry.actorEmail}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pages page={page} total={total} onPage={onPage} />
    </>
  );
}

function HotelAudit() {
  const [page, setPage] = useState(1);
  return (
    <AuditEntries
      audit={useAdminAudit(page, entriesPerPage)}
      page={page}
      onPage={setPage}
      empty="No admin actions yet."
      testId="audit-log"
      entryTestId="audit-entry"
      badge={(entry) => ({ label: auditActionLabels[entry.action], className: actionClasses[entry.action] })}
      subject={(entry) => (
        <>
          <span className="font-semibold">{entry.hotelName}</span> <span className="text-slate-600">#{entry.hotelId}</span>
          {entry.detail ? <span className="block text-slate-700">Reason: {entry.detail}</span> : null}
        </>
      )}
    />
  );
}

const reviewActionLabels: Record<ReviewAuditEntry['action'], string> = { approved: 'Approved review', rejected: 'Rejected review' };

function ReviewAudit() {
  const [page, setPage] = useState(1);
  return (
    <AuditEntries
      audit={useReviewAudit(page, entriesPerPage)}
      page={page}
      onPage={setPage}
      empty="No review decisions yet."
      testId="review-audit-log"
      entryTestId="review-audit-entry"
      badge={(entry) => ({ label: reviewActionLabels[entry.action], className: cn('justify-center sm:w-32', actionClasses[entry.action]) })}
      subject={(entry) => (
        <>
          <span className="font-semibold">{entry.reviewTitle ? `"${entry.reviewTitle}"` : 'A review'}</span>
          {entry.reviewerName ? <span className="text-slate-700"> by {entry.reviewerName}</span> : null}
          <span className="block text-slate-600">
            {entry.hotelName ?? 'Unknown Hotel'} #{entry.hotelId}
          </span>
          {entry.detail ? <span className="block text-slate-700">Reason: {entry.detail}</span> : null}
        </>
      )}
    />
  );
}

function Pages({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  if (total <= entriesPerPage) return null;
  const pageCount = Math.max(1, Math.ceil(total / entriesPerPage));
  return <Pager label="Audit log pages" page={page} pageCount={pageCount} onPage={onPage} />;
}
