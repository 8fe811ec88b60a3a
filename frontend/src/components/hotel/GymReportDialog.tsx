import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { gymReportDetailLimits, gymReportKinds, gymReportKindTitles, type GymReportKind } from '@reproute/contracts/gym-freshness-values';
import { useReportGymChange } from '@/api/gymFreshness';
import { ApiError, serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { FieldError, inputClass } from '@/components/ui/Field';
import { toast } from '@/store/toast';

/** "Report a change": what kind, and what changed (required); the hotel is emailed and our team sees it. */
export function ReportChangeDialog({ hotelId, open, onOpenChange }: { hotelId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
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
