import { useEffect } from 'react';
import { Check, MessageSquareText, X } from 'lucide-react';
import { useAdminReviews } from '@/api/reviews';
import { Button } from '@/components/ui/Button';
import { Pager } from '@/components/ui/Pager';
import { cn } from '@/lib/cn';
import { RejectDialog } from './RejectDialog';
import { ReviewCard } from './ReviewCard';
import { ReviewFilterBar } from './ReviewFilterBar';
import { adminReviewApiQuery, isFiltered, pageRangeText, reviewsPerPage } from './reviewModerationQuery';
import { useReviewDecisions, useReviewFilters, useReviewSelection } from './useReviewModeration';

/**
 * Reviews Moderation: the queue with filters (status, rating, text, days; kept in the URL), sort and server
 * paging, each review with the facts a moderator weighs, one-by-one or bulk decisions, and a reason for every
 * rejection. The filters, the selection and the decisions are hooks of their own (useReviewModeration.ts).
 */
export function ReviewModeration() {
  const { filters, typed, setTyped, change, clear, rememberHotels } = useReviewFilters();
  const reviews = useAdminReviews(adminReviewApiQuery(filters));
  const selection = useReviewSelection(reviews);
  const decisions = useReviewDecisions(selection);
  const items = reviews.data?.items ?? [];
  const total = reviews.data?.total ?? 0;
  // A hotel filter from a link or a reload names its hotel once its reviews are shown.
  useEffect(() => rememberHotels(items), [reviews.data]);

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
        <Button className="mt-3" variant="outline" size="sm" onClick={clear}>
          Clear filters
        </Button>
      </div>
    );
  } else {
    const deciding = decisions.busy || reviews.isPlaceholderData;
    body = (
      <div className={cn('space-y-4 transition-opacity', reviews.isPlaceholderData && 'opacity-60')} aria-busy={reviews.isPlaceholderData}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="review-count">
            {pageRangeText(filters.page, reviewsPerPage, total)} {total === 1 ? 'review' : 'reviews'}
          </p>
          {selection.pendingOnPage.length > 0 ? (
            <BulkActions
              allSelected={selection.allSelected}
              count={selection.selected.size}
              disabled={deciding || selection.selected.size === 0}
              onSelectAll={selection.toggleAll}
              onApprove={() => void decisions.approveSelected()}
              onReject={() => decisions.askToReject({ kind: 'selected', ids: [...selection.selected] })}
            />
          ) : null}
        </div>
        <ul className="space-y-4">
          {items.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              busy={decisions.busy}
              selected={selection.selected.has(review.id)}
              onSelect={(on) => selection.toggle(review.id, on)}
              onApprove={() => void decisions.approve(review)}
              onReject={() => decisions.askToReject({ kind: 'one', review })}
              onOnlyHotel={filters.hotel ? undefined : () => change({ hotel: { id: review.hotelId, name: review.hotelName || `Hotel ${review.hotelId}` } })}
            />
          ))}
        </ul>
        {total > reviewsPerPage ? (
          <Pager
            label="Review pages"
            className=""
            page={filters.page}
            pageCount={Math.max(1, Math.ceil(total / reviewsPerPage))}
            onPage={(page) => change({ page })}
            format={(n) => n.toLocaleString('en-US')}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ReviewFilterBar filters={filters} typed={typed} onType={setTyped} onChange={change} />
      {body}
      <RejectDialog target={decisions.rejecting} busy={decisions.busy} onCancel={decisions.cancelRejecting} onConfirm={(reason) => void decisions.reject(reason)} />
    </div>
  );
}

/** Select all on the page, the count ticked, and the decisions for them. */
function BulkActions(props: { allSelected: boolean; count: number; disabled: boolean; onSelectAll: (on: boolean) => void; onApprove: () => void; onReject: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-100 px-3 py-2" role="group" aria-label="Bulk actions">
      <label className="flex min-h-8 items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={props.allSelected} onChange={(event) => props.onSelectAll(event.target.checked)} />
        Select all on this page
      </label>
      <span className="text-sm text-slate-600" data-testid="selected-count">
        {props.count} selected
      </span>
      <Button size="sm" className="bg-emerald-700 shadow-none hover:bg-emerald-800" disabled={props.disabled} onClick={props.onApprove}>
        <Check aria-hidden className="h-4 w-4" /> Approve selected
      </Button>
      <Button size="sm" variant="destructive" disabled={props.disabled} onClick={props.onReject}>
        <X aria-hidden className="h-4 w-4" /> Reject selected
      </Button>
    </div>
  );
}
