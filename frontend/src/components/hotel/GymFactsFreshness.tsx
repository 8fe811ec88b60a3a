import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { AlertTriangle, BadgeCheck, Flag, MessageSquareWarning } from 'lucide-react';
import { gymReportDetailLimits, gymReportKinds, gymReportKindTitles, type GymReportKind } from '@reproute/contracts/gym-freshness-values';
import { useConfirmGymFacts, useGymFreshness, useReportGymChange } from '@/api/gymFreshness';
import { ApiError, serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { FieldError, inputClass } from '@/components/ui/Field';
import { useSession } from '@/hooks/useSession';
import { confirmedLine, reportLine, timeAgo, travellersLine } from '@/lib/gymFreshness';
import { toast } from '@/store/toast';

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
      <ReportChangeDialog hotelId={hotelId} open={reporting} onOpenChange={setReporting} />
    </section>
  );
}

/** "Report a change": what kind, and what changed (required); the hotel is emailed and our team sees it. */
function ReportChangeDialog({ hotelId, open, onOpenChange }: { hotelId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [kind, setKind] = useState<GymReportKind | ''>('');
  const [detail, setDetail] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; detail?: string; form?: string }>({});
  const report = useReportGymChange(hotelId);
  const detailId = useId();
  const kindErrorId = useId();
  const reset = () => {
    setKind('');
    setDetail('');
    setErrors({});
  };
  const submit = async () => {
    const found: typeof errors = {};
    if (!kind) found.kind = 'Choose what has changed';
    if (detail.trim().length < gymReportDetailLimits.min) found.detail = 'Please say what has changed (at least 3 characters), for example "cable station out of order"';
    if (detail.trim().length > gymReportDetailLimits.max) found.detail = `The report must be at most ${gymReportDetailLimits.max} characters`;
    setErrors(found);
    if (found.kind || found.detail || !kind) return;
    try {
      await report.mutateAsync({ kind, detail: detail.trim() });
      toast({ title: 'Report sent', description: 'Thank you. The hotel is told and our team can see it; the page shows it until the hotel answers.' });
      reset();
      onOpenChange(false);
    } catch (error) {
      const kindError = error instanceof ApiError ? error.fieldMessage('kind') : undefined;
      const detailError = error instanceof ApiError ? error.fieldMessage('detail') : undefined;
      if (kindError || detailError) setErrors({ kind: kindError, detail: detailError });
      else setErrors({ form: serverMessageOr(error, 'Something went wrong. Please try again.') });
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (report.isPending) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
          <Dialog.Title className="font-display text-lg font-bold text-slate-900">Report a change</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Tell other travellers and the hotel what is different now. The hotel is emailed and answers it; the listing itself changes only when the hotel or our team edits it.
          </Dialog.Description>
          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset aria-describedby={errors.kind ? kindErrorId : undefined}>
              <legend className="text-sm font-semibold text-slate-800">What has changed?</legend>
              <div className="mt-2 space-y-1">
                {gymReportKinds.map((value) => (
                  <label key={value} className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                    <input
                      type="radio"
                      name="gym-report-kind"
                      value={value}
                      className="h-4 w-4 shrink-0 accent-brand-600"
                      checked={kind === value}
                      onChange={() => {
                        setKind(value);
                        setErrors((e) => ({ ...e, kind: undefined }));
                      }}
                    />
                    {gymReportKindTitles[value]}
                  </label>
                ))}
              </div>
              <FieldError id={kindErrorId} message={errors.kind} />
            </fieldset>
            <div>
              <label htmlFor={detailId} className="mb-1.5 block text-sm font-medium text-slate-800">
                What is different?
              </label>
              <textarea
                id={detailId}
                value={detail}
                maxLength={gymReportDetailLimits.max + 50}
                onChange={(event) => {
                  setDetail(event.target.value);
                  setErrors((e) => ({ ...e, detail: undefined, form: undefined }));
                }}
                placeholder="Cable station out of order"
                aria-invalid={errors.detail ? true : undefined}
                aria-describedby={errors.detail ? `${detailId}-error` : undefined}
                className={`${inputClass} min-h-24`}
              />
              <FieldError id={`${detailId}-error`} message={errors.detail} />
            </div>
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-red-600">
                {errors.form}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={report.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? 'Sending...' : 'Send report'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
