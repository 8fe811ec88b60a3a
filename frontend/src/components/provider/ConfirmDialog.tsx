import { lazy } from 'react';
import { WhenOpened } from '@/components/ui/WhenOpened';
import type { ConfirmDialogProps } from './ConfirmDialogContent';

// Radix's alert dialog loads when a confirmation is first asked for.
const ConfirmDialogContent = lazy(() => import('./ConfirmDialogContent'));

/** Asks before a destructive action; the confirm button stays disabled while it runs. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <WhenOpened open={props.open}>
      <ConfirmDialogContent {...props} />
    </WhenOpened>
  );
}
