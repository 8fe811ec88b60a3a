import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

/** Previous and Next around "Page N of M", for a list paged on the server (the lead inbox, the admin hotel table, review moderation, the audit log). */
export function Pager({
  label,
  page,
  pageCount,
  onPage,
  format = String,
  className = 'mt-4',
  testId,
}: {
  /** The navigation's accessible name ("Hotel pages"). */
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** How the numbers are written ("1,234" with toLocaleString). */
  format?: (n: number) => string;
  className?: string;
  /** data-testid of the "Page N of M" text. */
  testId?: string;
}) {
  return (
    <nav className={cn('flex items-center justify-between gap-3', className)} aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="h-4 w-4" /> Previous
      </Button>
      <span className="text-sm text-slate-700" data-testid={testId}>
        Page {format(page)} of {format(pageCount)}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
    </nav>
  );
}
