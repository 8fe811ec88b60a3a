import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AlertTriangle, BadgeCheck, MessageSquareWarning } from 'lucide-react';
import { gymReportKindTitles, gymReportNoteMax } from '@reproute/contracts/gym-freshness-values';
import { useConfirmGymFacts, useGymFreshness, useResolveGymReport, type GymReportItem } from '@/api/gymFreshness';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { FieldError, inputClass } from '@/components/ui/Field';
import { confirmedLine, reportLine, travellersLine } from '@/lib/gymFreshness';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';

/**
 * The provider's gym facts panel on the edit page (`#gym-facts`, where the reminder email links): how old the facts
 * are, "Confirm these facts are current" in one press, and the travellers' reports to answer: "I changed the listing"
 * (after editing it below) or "Dispute" with a note travellers and our team read.
 */
export function GymFactsProviderPanel({ hotelId }: { hotelId: number }) {
  const freshness = useGymFreshness(hotelId);
  const confirm = useConfirmGymFacts(hotelId);
  const [params] = useSearchParams();
  const fromReminder = params.get('confirm') === 'gym-facts';
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (fromReminder || window.location.hash === '#gym-facts') panel.current?.scrollIntoView({ block: 'start' });
  }, [fromReminder, freshness.isSuccess]);
  const data = freshness.data;
  const confirmFacts = async () => {
    try {
      await confirm.mutateAsync();
      toast({ title: 'Gym facts confirmed', description: 'Travellers see they were confirmed by the hotel today.' });
    } catch (error) {
      toast({ title: 'Not confirmed', description: serverMessageOr(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  };
  const travellers = data ? travellersLine(data) : null;
  return (
    <section
      ref={panel}
      id="gym-facts"
      aria-labelledby="gym-facts-panel-heading"
      className={cn('mt-8 scroll-mt-24 rounded-2xl border bg-white p-5 sm:p-6', data?.stale || fromReminder ? 'border-amber-300 ring-2 ring-amber-200' : 'border-slate-200')}
      data-testid="gym-facts-panel"
    >
      <h2 id="gym-facts-panel-heading" className="text-lg font-bold text-slate-900">
        Gym facts travellers rely on
      </h2>
      {!data ? (
        <p className="mt-2 text-sm text-slate-600">{freshness.isError ? 'The gym facts\' status could not be loaded.' : 'Loading...'}</p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="gym-facts-panel-status">
            {data.stale ? <AlertTriangle aria-hidden className="h-4 w-4 text-amber-600" /> : <BadgeCheck aria-hidden className="h-4 w-4 text-emerald-600" />}
            <span className="font-semibold">{confirmedLine(data)}</span>
            {travellers ? (
              <>
                <span aria-hidden className="text-slate-400">
                  ·
                </span>
                <span>{travellers}</span>
              </>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {data.stale
              ? `Your gym facts are over ${data.staleDays} days old: travellers see that, and the gym score counts them for less. If nothing has changed, confirm them; if something has, edit the gym below.`
              : `The hotel page shows when the gym facts were last confirmed. We remind you by email once they are ${data.staleDays} days old.`}
          </p>
          <Button type="button" className="mt-3" disabled={confirm.isPending} onClick={() => void confirmFacts()}>
            <BadgeCheck aria-hidden className="h-4 w-4" />
            {confirm.isPending ? 'Confirming...' : 'Confirm these facts are current'}
          </Button>
          {data.reports.length > 0 ? (
            <div className="mt-5 border-t border-slate-100 pt-4">
              <h3 className="text-base font-bold text-slate-900">Changes travellers reported</h3>
              <ul className="mt-2 space-y-3" data-testid="provider-gym-reports">
                {data.reports.map((report) => (
                  <ReportToAnswer key={report.id} hotelId={hotelId} report={report} />
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function ReportToAnswer({ hotelId, report }: { hotelId: number; report: GymReportItem }) {
  const resolve = useResolveGymReport(hotelId);
  const [disputing, setDisputing] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const noteId = useId();
  const answer = async (resolution: 'edited' | 'disputed') => {
    if (resolution === 'disputed') {
      if (!note.trim()) return setError('Please add a note saying why the facts are right (the traveller and our team read it)');
      if (note.trim().length > gymReportNoteMax) return setError(`The note must be at most ${gymReportNoteMax} characters`);
    }
    try {
      await resolve.mutateAsync({ id: report.id, resolution, ...(resolution === 'disputed' ? { note: note.trim() } : {}) });
      toast({ title: resolution === 'edited' ? 'Report answered' : 'Report disputed', description: resolution === 'edited' ? 'The report is closed.' : 'Travellers see your note; our team takes a look.' });
    } catch (err) {
      setError(serverMessageOr(err, 'Something went wrong. Please try again.'));
    }
  };
  return (
    <li className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="provider-gym-report">
      <p className="font-semibold">{gymReportKindTitles[report.kind]}</p>
      <p className="mt-0.5 flex items-start gap-2 [overflow-wrap:anywhere]">
        <MessageSquareWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {reportLine(report)}
      </p>
      {report.status === 'disputed' ? (
        <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-semibold">You disputed it:</span> {report.resolutionNote} — our team will close it.
        </p>
      ) : (
        <div className="mt-2">
          {disputing ? (
            <div className="mb-2">
              <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-800">
                Why the facts are right
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
                className={cn(inputClass, 'min-h-20 bg-white')}
                placeholder="The cable station was repaired on Monday"
              />
            </div>
          ) : null}
          <FieldError id={`${noteId}-error`} message={error} />
          <div className="mt-1 flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" className="bg-white" disabled={resolve.isPending} onClick={() => void answer('edited')}>
              I changed the listing
            </Button>
            {disputing ? (
              <Button type="button" size="sm" disabled={resolve.isPending} onClick={() => void answer('disputed')}>
                Send dispute
              </Button>
            ) : (
              <Button type="button" size="sm" variant="outline" className="bg-white" onClick={() => setDisputing(true)}>
                Dispute
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
