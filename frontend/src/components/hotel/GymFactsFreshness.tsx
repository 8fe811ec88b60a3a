import { lazy, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AlertTriangle, BadgeCheck, Flag, MessageSquareWarning } from 'lucide-react';
import { useConfirmGymFacts, useGymFreshness } from '@/api/gymFreshness';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { WhenOpened } from '@/components/ui/WhenOpened';
import { useSession } from '@/hooks/useSession';
import { confirmedLine, reportLine, timeAgo, travellersLine } from '@/lib/gymFreshness';
import { toast } from '@/store/toast';

// The report form (and its dialog's code) loads the first time a traveller opens it, not with the hotel page.
const ReportChangeDialog = lazy(() => import('./GymReportDialog').then((m) => ({ default: m.ReportChangeDialog })));

/**
 * How old the gym's facts are, on the hotel page: who confirmed them and when, travellers' confirmations, the reports
 * not closed ("A traveller reported on 2 Nov: cable station out of order", with the hotel's answer when it disputed
 * one), and, for a signed-in traveller, "Confirm these facts" (once a month) and "Report a change". Neither changes
 * the listing: the hotel or our team answers a report.
 */
export function GymFactsFreshness({ hotelId, live }: { hotelId: number; live: boolean }) {
  const freshness = useGymFreshness(hotelId);
  const { signedIn } = useSession();
  const { pathname, search } = useLocation();
  const confirm = useConfirmGymFacts(hotelId);
  const [reporting, setReporting] = useState(false);
  const data = freshness.data;
  if (!data) return null;
  const travellers = travellersLine(data);
  const asTraveller = data.viewer.confirmAs === 'traveller';
  const confirmFacts = async () => {
    try {
      await confirm.mutateAsync();
      toast(asTraveller ? { title: 'Thank you', description: 'Your confirmation is counted: other travellers see the gym facts are current.' } : { title: 'Gym facts confirmed', description: 'Travellers see they were confirmed today.' });
    } catch (error) {
      toast({ title: 'Not confirmed', description: serverMessageOr(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby="gym-facts-freshness-heading" className="mt-4 rounded-2xl border border-slate-200 bg-white p-5" data-testid="gym-facts-freshness">
      <h3 id="gym-facts-freshness-heading" className="sr-only">
        How current these gym facts are
      </h3>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800" data-testid="gym-facts-confirmed">
        {data.stale ? <AlertTriangle aria-hidden className="h-4 w-4 shrink-0 text-amber-600" /> : <BadgeCheck aria-hidden className="h-4 w-4 shrink-0 text-emerald-600" />}
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
      {data.stale ? <p className="mt-1 text-sm text-amber-800">These facts are over {data.staleDays} days old: check with the hotel before you plan on them.</p> : null}

      {data.reports.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Changes travellers reported" data-testid="gym-reports">
          {data.reports.map((report) => (
            <li key={report.id} className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="gym-report">
              <p className="flex items-start gap-2 [overflow-wrap:anywhere]">
                <MessageSquareWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
                <span>{reportLine(report)}</span>
              </p>
              {report.status === 'disputed' && report.resolutionNote ? (
                <p className="mt-1 pl-6 text-slate-700 [overflow-wrap:anywhere]">
                  <span className="font-semibold">The hotel says the facts are right{report.resolvedAt ? ` (${timeAgo(report.resolvedAt)})` : ''}:</span> {report.resolutionNote}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {live ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {!signedIn ? (
            <p className="text-sm text-slate-600">
              <Link to={`/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`} className="font-semibold text-ocean-700 underline underline-offset-2 hover:text-ocean-800">
                Sign in
              </Link>{' '}
              to confirm these facts or report a change.
            </p>
          ) : asTraveller ? (
            <>
              <Button type="button" size="sm" variant="outline" disabled={data.viewer.confirmedThisMonth || confirm.isPending} onClick={() => void confirmFacts()}>
                <BadgeCheck aria-hidden className="h-4 w-4" />
                {data.viewer.confirmedThisMonth ? 'You confirmed these facts this month' : confirm.isPending ? 'Confirming...' : 'These facts are still right'}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setReporting(true)}>
                <Flag aria-hidden className="h-4 w-4" />
                Report a change
              </Button>
            </>
          ) : data.viewer.confirmAs === 'admin' ? (
            <>
              <Button type="button" size="sm" variant="outline" disabled={confirm.isPending} onClick={() => void confirmFacts()}>
                <BadgeCheck aria-hidden className="h-4 w-4" />
                {confirm.isPending ? 'Confirming...' : 'Confirm these facts are current'}
              </Button>
              <Link to="/admin" className="text-sm font-semibold text-ocean-700 underline underline-offset-2 hover:text-ocean-800">
                Reports are answered in the admin&apos;s Gym Reports tab
              </Link>
            </>
          ) : data.viewer.canResolve ? (
            <Link to={`/edit-hotel/${hotelId}#gym-facts`} className="text-sm font-semibold text-ocean-700 underline underline-offset-2 hover:text-ocean-800">
              Confirm these facts or answer reports on the listing&apos;s edit page
            </Link>
          ) : null}
        </div>
      ) : null}
      <WhenOpened open={reporting}>
        <ReportChangeDialog hotelId={hotelId} open={reporting} onOpenChange={setReporting} />
      </WhenOpened>
    </section>
  );
}
