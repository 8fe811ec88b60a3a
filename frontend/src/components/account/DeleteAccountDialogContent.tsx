import { useState, type FormEvent } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { messages } from '@reproute/contracts';
import { useProviderHotels } from '@/api/provider';
import { ApiError, serverMessageOr } from '@/api/request';
import { PasswordField } from '@/components/PasswordField';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/FormAlert';

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isProvider: boolean;
  busy: boolean;
  /** Asks the server to delete the account with the current password; rejects with its answer. */
  onConfirm: (currentPassword: string) => Promise<void>;
}

/** What deleting does to a provider's listings, named one by one (live ones first), before anything is asked. */
function ListingsNotice() {
  const { data: hotels, isPending } = useProviderHotels();
  if (isPending) return <p className="text-sm text-slate-600">Looking up your listings...</p>;
  const listings = hotels ?? [];
  if (listings.length === 0) return null;
  const live = listings.filter((h) => h.isApproved);
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="delete-listings-notice">
      <p className="font-semibold">
        Your {listings.length === 1 ? 'listing is' : `${listings.length} listings are`} unpublished and deleted
        {live.length > 0 ? ` (${live.length} live now)` : ''}:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {[...live, ...listings.filter((h) => !h.isApproved)].map((hotel) => (
          <li key={hotel.id} className="break-words">
            {hotel.name}
            {hotel.isApproved ? '' : ' (not live)'}
          </li>
        ))}
      </ul>
      <p className="mt-1">They leave search and their pages at once; travellers' favourites of them go and their reviews are no longer shown. No one takes them over.</p>
    </div>
  );
}

/** The Radix alert dialog behind DeleteAccountDialog: what deleting does, then the current password. */
export default function DeleteAccountDialogContent({ open, onOpenChange, isProvider, busy, onConfirm }: DeleteAccountDialogProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFormError(null);
    if (!password) return setFieldError(messages.currentPasswordRequired);
    try {
      await onConfirm(password);
    } catch (error) {
      const onField = error instanceof ApiError ? error.fieldMessage('currentPassword') : undefined;
      if (onField) setFieldError(onField);
      else setFormError(serverMessageOr(error, 'Your account could not be deleted. Please try again.'));
    }
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setPassword('');
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
          data-testid="delete-account-dialog"
        >
          <AlertDialog.Title className="font-display text-lg font-bold text-slate-900">Delete your account?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-3 text-sm leading-relaxed text-slate-600">
              <p>This cannot be undone. You are signed out on every device at once, and within minutes:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>your profile, favourites, reviews awaiting or refused publication and messages to support are deleted;</li>
                <li>reviews already published stay on the hotels' pages as "Former member", without your name;</li>
                <li>leads you sent were emailed to the hotels and stay with them; our copy no longer says who sent them;</li>
                <li>what analytics recorded while you were signed in is no longer linked to you.</li>
              </ul>
              <p>Download your data first if you want a copy.</p>
            </div>
          </AlertDialog.Description>
          {isProvider ? (
            <div className="mt-3">
              <ListingsNotice />
            </div>
          ) : null}
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
            <FormAlert message={formError} />
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Keep my account
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
                {busy ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
