import { useId } from 'react';
import { X } from 'lucide-react';
import { adminReviewSorts, type AdminReviewSort, type ReviewStatus } from '@reproute/contracts/review-values';
import { SelectField } from '@/components/provider/FormControls';
import { inputClass } from '@/components/ui/Field';
import { cn } from '@/lib/cn';
import type { ReviewFilters } from './reviewModerationQuery';

const statusLabels: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', all: 'All' };
const sortLabels: Record<AdminReviewSort, string> = { oldest: 'Oldest first', newest: 'Newest first', 'rating-high': 'Highest rating', 'rating-low': 'Lowest rating' };

/** The moderation queue's filters: search text, status, rating, sort, the days written, and the hotel chosen from a card. */
export function ReviewFilterBar({
  filters,
  typed,
  onType,
  onChange,
}: {
  filters: ReviewFilters;
  /** The search box's text, which reaches `filters.q` after a pause. */
  typed: string;
  onType: (text: string) => void;
  onChange: (changes: Partial<ReviewFilters>) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-7" role="search" aria-label="Filter reviews">
      <div className="col-span-2 sm:col-span-3 lg:col-span-2">
        <label htmlFor="review-filter" className="mb-1.5 block text-sm font-medium text-slate-800">
          Search reviews
        </label>
        <input id="review-filter" type="search" className={inputClass} placeholder="Text, reviewer or hotel" value={typed} onChange={(event) => onType(event.target.value)} />
      </div>
      <SelectField label="Status" value={filters.status} onChange={(event) => onChange({ status: event.target.value as ReviewStatus })}>
        {(['pending', 'approved', 'rejected', 'all'] as const).map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Rating" value={filters.rating} onChange={(event) => onChange({ rating: event.target.value })}>
        <option value="">Any rating</option>
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={String(stars)}>
            {stars} {stars === 1 ? 'star' : 'stars'}
          </option>
        ))}
      </SelectField>
      <SelectField label="Sort" value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as AdminReviewSort })}>
        {adminReviewSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </SelectField>
      <div className="col-span-2 grid grid-cols-2 gap-3 sm:col-span-3 lg:col-span-2">
        <DateField label="Written from" value={filters.from} max={filters.to || undefined} onChange={(from) => onChange({ from })} />
        <DateField label="Written to" value={filters.to} min={filters.from || undefined} onChange={(to) => onChange({ to })} />
      </div>
      {filters.hotel ? (
        <div className="col-span-full flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Hotel:
          <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 font-medium text-slate-900" data-testid="hotel-filter">
            <span className="truncate">
              {filters.hotel.name} #{filters.hotel.id}
            </span>
            <button
              type="button"
              className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-slate-200"
              aria-label={`Show every hotel's reviews, not only ${filters.hotel.name}'s`}
              onClick={() => onChange({ hotel: null })}
            >
              <X aria-hidden className="h-4 w-4" />
            </button>
          </span>
        </div>
      ) : null}
    </div>
  );
}

function DateField({ label, value, min, max, onChange }: { label: string; value: string; min?: string; max?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} type="date" className={cn(inputClass, 'px-2.5')} value={value} min={min} max={max} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
