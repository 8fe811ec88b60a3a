import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, ChevronLeft, ChevronRight, MessageSquareText, X } from 'lucide-react';
import { adminReviewSorts, rejectionReasonPresets, type AdminReview, type AdminReviewSort, type ReviewStatus } from '@reproute/contracts';
import { useAdminReviews, useBulkModerate, useModerateReview } from '@/api/reviews';
import { SelectField } from '@/components/provider/FormControls';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/Field';
import { StarRating } from '@/components/reviews/StarRating';
import { tagLabel } from '@/components/reviews/reviewForm';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';
import {
  accountAgeText,
  adminReviewApiQuery,
  defaultReviewFilters,
  isFiltered,
  pageRangeText,
  rejectionReasonFrom,
  reviewCountText,
  reviewerFullName,
  reviewsPerPage,
  stayDateText,
  travelTypeLabel,
  type ReviewFilters,
} from './reviewModerationQuery';

const statusLabels: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', all: 'All' };
const sortLabels: Record<AdminReviewSort, string> = { oldest: 'Oldest first', newest: 'Newest first', 'rating-high': 'Highest rating', 'rating-low': 'Lowest rating' };
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** How long typing pauses before the search text goes to the server. */
const SEARCH_DELAY_MS = 300;

/** Which reviews a rejection dialog is about: one (from its card) or the selection. */
type RejectTarget = { kind: 'one'; review: AdminReview } | { kind: 'selected'; ids: string[] };

/**
 * Reviews Moderation: the queue with filters (status, rating, text, days), sort and server paging, each
 * review with the facts a moderator weighs, one-by-one or bulk decisions, and a reason for every rejection.
 */
export function ReviewModeration() {
  const [filters, setFilters] = useState<ReviewFilters>(defaultReviewFilters);
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const reviews = useAdminReviews(adminReviewApiQuery(filters));
  const moderate = useModerateReview();
  const bulk = useBulkModerate();
  const busy = moderate.isPending || bulk.isPending;

  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // A new filter, sort or page asks for a new answer (text typed but not yet searched for goes with it);
  // the selection then keeps only the reviews that answer still shows (below), so a decision only ever
  // covers reviews on screen, and a search that starts after its delay keeps what was selected meanwhile.
  const change = (changes: Partial<ReviewFilters>) => {
    setFilters((current) => ({ ...current, page: 1, q: typed.trim(), ...changes }));
  };
  useEffect(() => {
    const q = typed.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => {
      if (filtersRef.current.q !== q) change({ q });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const items = reviews.data?.items ?? [];
  const pendingOnPage = items.filter((review) => review.isApproved === null);
  useEffect(() => {
    if (reviews.isPlaceholderData) return;
    const onPage = new Set(pendingOnPage.map((review) => review.id));
    setSelected((current) => {
      const kept = [...current].filter((id) => onPage.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [reviews.data, reviews.isPlaceholderData]);
  const allSelected = pendingOnPage.length > 0 && pendingOnPage.every((review) => selected.has(review.id));
  const total = reviews.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / reviewsPerPage));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(pendingOnPage.map((review) => review.id)) : new Set());

  const approve = async (review: AdminReview) => {
    try {
      await moderate.mutateAsync({ reviewId: review.id, isApproved: true });
      toast({ title: 'Success', description: 'Review updated!' });
      toggle(review.id, false);
    } catch {
      toast({ title: 'Error', description: 'Failed to update review. Please try again.', variant: 'destructive' });
    }
  };
  const approveSelected = async () => {
    const ids = [...selected];
    try {
      const answer = await bulk.mutateAsync({ reviewIds: ids, decision: 'approve' });
      toast({ title: 'Success', description: answer.decided === 1 ? 'Review updated!' : `${answer.decided} reviews updated!` });
      setSelected(new Set());
    } catch {
      toast({ title: 'Error', description: 'Failed to update review. Please try again.', variant: 'destructive' });
    }
  };
  const reject = async (reason: string) => {
    if (!rejecting) return;
    try {
      if (rejecting.kind === 'one') {
        await moderate.mutateAsync({ reviewId: rejecting.review.id, isApproved: false, reason });
        toast({ title: 'Success', description: 'Review updated!' });
        toggle(rejecting.review.id, false);
      } else {
        const answer = await bulk.mutateAsync({ reviewIds: rejecting.ids, decision: 'reject', reason });
        toast({ title: 'Success', description: answer.decided === 1 ? 'Review updated!' : `${answer.decided} reviews updated!` });
        setSelected(new Set());
      }
      setRejecting(null);
    } catch {
      toast({ title: 'Error', description: 'Failed to update review. Please try again.', variant: 'destructive' });
    }
  };

  const filterBar = (
    <div className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-7" role="search" aria-label="Filter reviews">
      <div className="col-span-2 sm:col-span-3 lg:col-span-2">
        <label htmlFor="review-filter" className="mb-1.5 block text-sm font-medium text-slate-800">
          Search reviews
        </label>
        <input id="review-filter" type="search" className={inputClass} placeholder="Text, reviewer or hotel" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <SelectField label="Status" value={filters.status} onChange={(event) => change({ status: event.target.value as ReviewStatus })}>
        {(['pending', 'approved', 'rejected', 'all'] as const).map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Rating" value={filters.rating} onChange={(event) => change({ rating: event.target.value })}>
        <option value="">Any rating</option>
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={String(stars)}>
            {stars} {stars === 1 ? 'star' : 'stars'}
          </option>
        ))}
      </SelectField>
      <SelectField label="Sort" value={filters.sort} onChange={(event) => change({ sort: event.target.value as AdminReviewSort })}>
        {adminReviewSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </SelectField>
      <div className="col-span-2 grid grid-cols-2 gap-3 sm:col-span-3 lg:col-span-2">
        <DateField label="Written from" value={filters.from} max={filters.to || undefined} onChange={(from) => change({ from })} />
        <DateField label="Written to" value={filters.to} min={filters.from || undefined} onChange={(to) => change({ to })} />
      </div>
      {filters.hotel ? (
        <div className="col-span-full flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Hotel:
          <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 font-medium text-slate-900" data-testid="hotel-filter">
            <span className="truncate">
              {filters.hotel.name} #{filters.hotel.id}
            </span>
            <button type="button" className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-slate-200" aria-label={`Show every hotel's reviews, not only ${filters.hotel.name}'s`} onClick={() => change({ hotel: null })}>
              <X aria-hidden className="h-4 w-4" />
            </button>
          </span>
        </div>
      ) : null}
    </div>
  );

  let body;
  if (reviews.isPending) body = <p className="text-slate-600">Loading reviews...</p>;
  else if (reviews.isError) body = <p className="text-red-700">Reviews could not be loaded.</p>;
  else if (total === 0 && !isFiltered(filters)) {
    body = (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <MessageSquareText aria-hidden className="h-10 w-10 text-slate-400" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">No pending reviews</h2>
        <p className="mt-1 text-slate-600">All reviews have been moderated.</p>
      </div>
    );
  } else if (total === 0) {
    body = (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="font-semibold text-slate-900">No reviews match these filters.</p>
        <Button
          className="mt-3"
          variant="outline"
          size="sm"
          onClick={() => {
            setTyped('');
            change(defaultReviewFilters);
          }}
        >
          Clear filters
        </Button>
      </div>
    );
  } else {
    body = (
      <div className={cn('space-y-4 transition-opacity', reviews.isPlaceholderData && 'opacity-60')} aria-busy={reviews.isPlaceholderData}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="review-count">
            {pageRangeText(filters.page, reviewsPerPage, total)} {total === 1 ? 'review' : 'reviews'}
          </p>
          {pendingOnPage.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-100 px-3 py-2" role="group" aria-label="Bulk actions">
              <label className="flex min-h-8 items-center gap-2 text-sm font-medium text-slate-800">
                <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={allSelected} onChange={(event) => toggleAll(event.target.checked)} />
                Select all on this page
              </label>
              <span className="text-sm text-slate-600" data-testid="selected-count">
                {selected.size} selected
              </span>
              <Button size="sm" className="bg-emerald-700 shadow-none hover:bg-emerald-800" disabled={busy || reviews.isPlaceholderData || selected.size === 0} onClick={() => void approveSelected()}>
                <Check aria-hidden className="h-4 w-4" /> Approve selected
              </Button>
              <Button size="sm" variant="destructive" disabled={busy || reviews.isPlaceholderData || selected.size === 0} onClick={() => setRejecting({ kind: 'selected', ids: [...selected] })}>
                <X aria-hidden className="h-4 w-4" /> Reject selected
              </Button>
            </div>
          ) : null}
        </div>
        <ul className="space-y-4">
          {items.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              busy={busy}
              selected={selected.has(review.id)}
              onSelect={(on) => toggle(review.id, on)}
              onApprove={() => void approve(review)}
              onReject={() => setRejecting({ kind: 'one', review })}
              onOnlyHotel={filters.hotel ? undefined : () => change({ hotel: { id: review.hotelId, name: review.hotelName || `Hotel ${review.hotelId}` } })}
            />
          ))}
        </ul>
        {total > reviewsPerPage ? (
          <nav className="flex items-center justify-between gap-3" aria-label="Review pages">
            <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => change({ page: filters.page - 1 })}>
              <ChevronLeft aria-hidden className="h-4 w-4" /> Previous
            </Button>
            <span className="text-sm text-slate-700">
              Page {filters.page.toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')}
            </span>
            <Button variant="outline" size="sm" disabled={filters.page >= pageCount} onClick={() => change({ page: filters.page + 1 })}>
              Next <ChevronRight aria-hidden className="h-4 w-4" />
            </Button>
          </nav>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {filterBar}
      {body}
      <RejectDialog
        target={rejecting}
        busy={busy}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => void reject(reason)}
      />
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

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

function ReviewCard({
  review,
  busy,
  selected,
  onSelect,
  onApprove,
  onReject,
  onOnlyHotel,
}: {
  review: AdminReview;
  busy: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
  /** Narrows the list to this review's hotel; absent once the list is narrowed. */
  onOnlyHotel?: () => void;
}) {
  const pending = review.isApproved === null;
  const name = reviewerFullName(review);
  const stay = stayDateText(review.stayDate);
  const travel = travelTypeLabel(review.travelType);
  return (
    <li className={cn('rounded-2xl border bg-white p-4 shadow-sm sm:p-5', selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200')} data-testid={pending ? 'pending-review' : 'moderated-review'}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          {pending ? (
            <input
              type="checkbox"
              className="mt-1.5 h-5 w-5 shrink-0 accent-brand-600"
              aria-label={`Select the review by ${name} of ${review.hotelName || 'Unknown Hotel'}`}
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
            />
          ) : null}
          <div className="min-w-0">
            <h3 className="text-lg font-bold text-slate-900">{review.hotelName || 'Unknown Hotel'}</h3>
            <p className="text-sm text-slate-600">
              <span>by {name}</span>
              {onOnlyHotel ? (
                <>
                  {' · '}
                  <button
                    type="button"
                    className="font-medium text-ocean-700 underline-offset-2 hover:underline"
                    aria-label={`Only this hotel: ${review.hotelName || `Hotel ${review.hotelId}`}`}
                    onClick={onOnlyHotel}
                  >
                    Only this hotel
                  </button>
                </>
              ) : null}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StarRating value={review.rating} />
              {review.gymRating ? <span className="text-sm font-medium text-slate-700">(Gym: {review.gymRating}/5)</span> : null}
            </div>
            {review.title ? <p className="mt-2 font-semibold text-slate-900">{review.title}</p> : null}
            <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-slate-700">{review.content}</p>
            {review.tags.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
                {review.tags.map((tag) => (
                  <li key={tag} className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                    {tagLabel(tag)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        {pending ? (
          <div className="flex shrink-0 gap-2">
            <Button size="sm" className="bg-emerald-700 shadow-none hover:bg-emerald-800" disabled={busy} onClick={onApprove}>
              <Check aria-hidden className="h-4 w-4" /> Approve
            </Button>
            <Button size="sm" variant="destructive" disabled={busy} onClick={onReject}>
              <X aria-hidden className="h-4 w-4" /> Reject
            </Button>
          </div>
        ) : (
          <span
            className={cn('inline-flex w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', review.isApproved ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800')}
          >
            {review.isApproved ? 'Approved' : 'Rejected'}
          </span>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="review-facts">
        <Fact label="Stay date">{stay ?? 'Not given'}</Fact>
        <Fact label="Travel type">{travel ?? 'Not given'}</Fact>
        <Fact label="Room type">{review.roomType ?? 'Not given'}</Fact>
        <Fact label="Written">
          <time dateTime={review.createdAt}>{dayFormat.format(new Date(review.createdAt))}</time>
        </Fact>
        <Fact label="Pros">{review.pros.length > 0 ? review.pros.join(', ') : 'None listed'}</Fact>
        <Fact label="Cons">{review.cons.length > 0 ? review.cons.join(', ') : 'None listed'}</Fact>
        <Fact label="Reviewer's account" className="col-span-2">
            <span className="block truncate" title={review.user.email ?? undefined}>
              {review.user.email ?? 'No email'}
            </span>
            <span className="text-slate-600">
              Account {accountAgeText(review.user.registeredAt)} · {reviewCountText(review.user.reviewCount)}
            </span>
        </Fact>
      </dl>
      {!pending ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="decision">
          {review.isApproved ? 'Approved' : 'Rejected'}
          {review.moderatedBy ? ` by ${review.moderatedBy}` : ''}
          {review.moderatedAt ? ` on ${dayFormat.format(new Date(review.moderatedAt))}` : ''}
          {review.rejectionReason ? <span className="block">Reason: {review.rejectionReason}</span> : null}
        </p>
      ) : null}
    </li>
  );
}

/** Asks which reason to send; the reviewer reads it in their email. "Other" takes the admin's own words. */
function RejectDialog({ target, busy, onCancel, onConfirm }: { target: RejectTarget | null; busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
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
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? 'Rejecting...' : title}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
