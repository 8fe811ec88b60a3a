import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { gymReportKindTitles } from '@reproute/contracts/gym-freshness-values';
import { useAdminGymReports, useResolveGymReport, type AdminGymReportItem } from '@/api/gymFreshness';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { FieldError, inputClass } from '@/components/ui/Field';
import { PageSpinner } from '@/components/PageSpinner';
import { shortDate } from '@/lib/gymFreshness';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';

/**
 * The admin's queue of travellers' gym reports (docs/decisions.md, "Gym facts that say how old they are"): open ones
 * wait for the hotel (an admin may answer for it), disputed ones carry the hotel's note and wait for an admin to close
 * them: "Hotel is right" dismisses the report, "Listing fixed" closes it after the admin edited the listing.
 */
export function GymReportsQueue() {
  const reports = useAdminGymReports();
  if (reports.isPending) return <PageSpinner label="Loading gym reports" />;
  if (reports.isError) return <p className="text-sm text-red-700">The gym reports could not be loaded. Please try again.</p>;
  const items = reports.data.items;
  return (
    <div data-testid="gym-reports-queue">
      <h2 className="text-xl font-bold text-slate-900">Gym reports</h2>
      <p className="mt-1 text-sm text-slate-600">Changes travellers reported to a gym, oldest first. The hotel is emailed each one; a disputed report waits for you.</p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">No gym reports are open.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((report) => (
            <QueueItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueItem({ report }: { report: AdminGymReportItem }) {
  const resolve = useResolveGymReport(report.hotelId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const noteId = useId();
  const answer = async (resolution: 'edited' | 'dismissed') => {
    if (resolution === 'dismissed' && !note.trim()) return setError('Please add a note saying why the facts are right (the traveller and our team read it)');
    try {
      await resolve.mutateAsync({ id: report.id, resolution, ...(note.trim() ? { note: note.trim() } : {}) });
      toast({ title: 'Report closed', description: `${report.hotelName}: ${resolution === 'dismissed' ? 'the hotel\'s facts stand' : 'the listing was fixed'}.` });
    } catch (err) {
      setError(serverMessageOr(err, 'Something went wrong. Please try again.'));
    }
  };
  return (
    <li className={cn('rounded-2xl border bg-white p-4 text-sm', report.status === 'disputed' ? 'border-amber-300' : 'border-slate-200')} data-testid="gym-reports-queue-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/hotels/${encodeURIComponent(report.hotelSlug)}`} className="font-semibold text-slate-900 underline-offset-2 hover:underline">
          {report.hotelName}
        </Link>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', report.status === 'disputed' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800')}>
          {report.status === 'disputed' ? 'Disputed by the hotel' : 'Open'}
        </span>
      </div>
      <p className="mt-1 text-slate-700">
        {gymReportKindTitles[report.kind]} · reported {shortDate(report.createdAt)}
        {report.providerEmail ? ` · hotel: ${report.providerEmail}` : ' · no provider: yours to answer'}
      </p>
      <p className="mt-1 text-slate-900 [overflow-wrap:anywhere]">“{report.detail}”</p>
      {report.resolutionNote ? (
        <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-semibold">The hotel says:</span> {report.resolutionNote}
        </p>
      ) : null}
      <div className="mt-3">
        <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-800">
          Note (kept with the report; needed to dismiss it)
        </label>
        <textarea
          id={noteId}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${noteId}-error` : undefined}
          className={cn(inputClass, 'min-h-16')}
        />
        <FieldError id={`${noteId}-error`} message={error} />
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={resolve.isPending} onClick={() => void answer('dismissed')}>
          Hotel is right: dismiss
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={resolve.isPending} onClick={() => void answer('edited')}>
          Listing fixed: close
        </Button>
      </div>
    </li>
  );
}
