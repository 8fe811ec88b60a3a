import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { rejectionReasonPresets } from '@reproute/contracts';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/Field';
import { cn } from '@/lib/cn';
import { rejectionReasonFrom } from './reviewModerationQuery';
import type { RejectTarget } from './useReviewModeration';

/** Asks which reason to send; the reviewer reads it in their email. "Other" takes the admin's own words. */
export function RejectDialog({ target, busy, onCancel, onConfirm }: { target: RejectTarget | null; busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const otherId = useId();
  useEffect(() => {
    if (target) {
      setChoice('');
      setOther('');
      setError(null);
    }
  }, [target]);
  const count = target?.kind === 'selected' ? target.ids.length : 1;
  const title = count === 1 ? 'Reject review' : `Reject ${count} reviews`;
  const submit = () => {
    const reason = rejectionReasonFrom(choice, other);
    if (!reason) {
      setError('Please give a reason for rejecting');
      return;
    }
    if (reason.length > 500) {
      setError('Reason must be at most 500 characters');
      return;
    }
    onConfirm(reason);
  };
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
          <Dialog.Title className="font-display text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {target?.kind === 'one' ? `"${target.review.title ?? 'Untitled'}" of ${target.review.hotelName || 'Unknown Hotel'}. ` : ''}
            The reason is emailed to {count === 1 ? 'the reviewer' : 'each reviewer'} and kept in the audit log.
          </Dialog.Description>
          <form
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset aria-describedby={error ? `${otherId}-error` : undefined}>
              <legend className="text-sm font-semibold text-slate-800">Reason</legend>
              <div className="mt-2 space-y-1">
                {[...rejectionReasonPresets, 'other'].map((preset) => (
                  <label key={preset} className="flex min-h-10 cursor-pointer items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                    <input
                      type="radio"
                      name="reject-reason"
                      value={preset}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                      checked={choice === preset}
                      onChange={() => {
                        setChoice(preset);
                        setError(null);
                      }}
                    />
                    {preset === 'other' ? 'Other (write the reason)' : preset}
                  </label>
                ))}
              </div>
            </fieldset>
            {choice === 'other' ? (
              <div className="mt-2">
                <label htmlFor={otherId} className="mb-1.5 block text-sm font-medium text-slate-800">
                  Reason for the reviewer
                </label>
                <textarea
                  id={otherId}
                  className={cn(inputClass, 'min-h-24')}
                  maxLength={500}
                  value={other}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => {
                    setOther(event.target.value);
                    setError(null);
                  }}
                />
              </div>
            ) : null}
            {error ? (
              <p id={`${otherId}-error`} role="alert" className="mt-2 text-sm font-medium text-red-600">
                {error}
              </p>
            ) : null}
            <RejectDialogActions busy={busy} title={title} onCancel={onCancel} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel and the reject button of a reject dialog (a review's, a listing's): the button names the action. */
export function RejectDialogActions({ busy, title, onCancel }: { busy: boolean; title: string; onCancel: () => void }) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? 'Rejecting...' : title}
      </Button>
    </div>
  );
}
