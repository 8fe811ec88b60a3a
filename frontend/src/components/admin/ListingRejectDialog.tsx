import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { messages } from '@reproute/contracts';
import { RejectDialogActions } from './RejectDialog';
import { inputClass } from '@/components/ui/Field';
import { cn } from '@/lib/cn';

/** What is being rejected: a listing in review, or a provider's change to a live listing. */
export interface ListingRejectTarget {
  kind: 'listing' | 'change';
  hotelId: number;
  hotelName: string;
}

export const listingReasonMax = 1000;

/**
 * Asks the admin why a listing (or a change to a live one) cannot be approved: the provider is emailed the reason
 * and reads it on their edit page, where the listing or change waits for them to fix and send again. No reason, no
 * rejection (the server refuses one too).
 */
export function ListingRejectDialog({
  target,
  busy,
  onCancel,
  onConfirm,
}: {
  target: ListingRejectTarget | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  useEffect(() => {
    if (target) {
      setReason('');
      setError(null);
    }
  }, [target]);
  const title = target?.kind === 'change' ? 'Reject changes' : 'Reject listing';
  const submit = () => {
    const text = reason.trim();
    if (!text) {
      setError(messages.listingRejectionReasonRequired);
      return;
    }
    if (text.length > listingReasonMax) {
      setError(messages.rejectionReasonMax);
      return;
    }
    onConfirm(text);
  };
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
          data-testid="listing-reject-dialog"
        >
          <Dialog.Title className="font-display text-lg font-bold text-slate-900">
            {title}: {target?.hotelName}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {target?.kind === 'change'
              ? 'Travellers keep seeing the approved listing. The provider is emailed your reason and finds their changes on the edit page, to fix and send again.'
              : 'The listing stays hidden. The provider is emailed your reason and sees it on the edit page; saving there sends the listing for review again.'}
          </Dialog.Description>
          <form
            className="mt-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Reason for the provider
            </label>
            <textarea
              id={fieldId}
              className={cn(inputClass, 'min-h-28')}
              maxLength={listingReasonMax}
              value={reason}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
              placeholder="For example: the booking link goes to a travel agent, not the hotel's own site."
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="mt-2 text-sm font-medium text-red-600">
                {error}
              </p>
            ) : (
              <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-slate-600">
                Say what to change, so they can fix it. At most {listingReasonMax.toLocaleString('en-US')} characters.
              </p>
            )}
            <RejectDialogActions busy={busy} title={title} onCancel={onCancel} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
