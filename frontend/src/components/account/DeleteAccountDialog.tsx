import { lazy } from 'react';
import { WhenOpened } from '@/components/ui/WhenOpened';
import type { DeleteAccountDialogProps } from './DeleteAccountDialogContent';

// Radix's alert dialog loads when the deletion is first asked for.
const DeleteAccountDialogContent = lazy(() => import('./DeleteAccountDialogContent'));

/** Asks before deleting the account: what happens to each kind of data (a provider's listings named), then the current password. */
export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  return (
    <WhenOpened open={props.open}>
      <DeleteAccountDialogContent {...props} />
    </WhenOpened>
  );
}
