import { lazy, useState } from 'react';
import { Target } from 'lucide-react';
import { trainingNeedCount } from '@reproute/contracts';
import { useTrainingNeeds } from '@/lib/training';
import { Button } from '@/components/ui/Button';
import { WhenOpened } from '@/components/ui/WhenOpened';

// The dialog (Radix and the form) loads when it is first opened.
const MyTrainingDialog = lazy(() => import('./MyTrainingDialog'));

/** "My training": opens the dialog that edits what the traveller needs from a gym. */
export function TrainingButton({ label, className }: { label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const needs = useTrainingNeeds();
  const count = needs ? trainingNeedCount(needs) : 0;
  // One element (a box-less span): the search toolbar is hydrated from the server's markup child by child.
  return (
    <span className="contents">
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} className={className} data-testid="my-training-button">
        <Target aria-hidden className="h-4 w-4" />
        {label ?? 'My training'}
        {count > 0 && !label ? <span className="rounded-full bg-brand-100 px-1.5 text-xs font-bold text-brand-700" aria-label={`${count} needs saved`}>{count}</span> : null}
      </Button>
      <WhenOpened open={open}>
        <MyTrainingDialog open={open} onOpenChange={setOpen} />
      </WhenOpened>
    </span>
  );
}
