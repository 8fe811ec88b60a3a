import type { ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import type { AdminReview } from '@reproute/contracts';
import { verifiedStayMeaning } from '@reproute/contracts/review-values';
import { givenSubScores, trainedKindsText, trainedTimeText } from '@/lib/reviewGym';
import { ReviewPhotoStrip } from '@/components/reviews/ReviewGymDetails';
import { Button } from '@/components/ui/Button';
import { StarRating } from '@/components/reviews/StarRating';
import { tagLabel } from '@/components/reviews/reviewForm';
import { cn } from '@/lib/cn';
import { accountAgeText, reviewCountText, reviewerFullName, stayDateText, travelTypeLabel } from './reviewModerationQuery';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** One review as a moderator weighs it: the text, the stay, the reviewer's account, and its decision or the buttons to make it. */
export function ReviewCard({
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
              {review.verifiedStay ? (
                <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800" title={verifiedStayMeaning} data-testid="verified-stay">
                  Verified stay
                </span>
              ) : null}
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
        <Fact label="Gym sub-scores">{givenSubScores(review.gymScores).map((g) => `${g.label} ${g.score}/5`).join(', ') || 'None given'}</Fact>
        <Fact label="Trained">{[trainedTimeText(review), trainedKindsText(review.trainedKinds)].filter(Boolean).join(' · ') || 'Not given'}</Fact>
        <Fact label="Reviewer's account" className="col-span-2">
            <span className="block truncate" title={review.user.email ?? undefined}>
              {review.user.email ?? 'No email'}
            </span>
            <span className="text-slate-600">
              Account {accountAgeText(review.user.registeredAt)} · {reviewCountText(review.user.reviewCount)}
            </span>
        </Fact>
      </dl>
      {review.photos?.length ? (
        <div data-testid="admin-review-photos">
          <p className="mt-3 text-sm font-semibold text-slate-800">Gym photos ({review.photos.length}): published with the review if approved, removed if rejected</p>
          <ReviewPhotoStrip photos={review.photos} hotelName={review.hotelName ?? 'the hotel'} by={[review.user.firstName, review.user.lastName].filter(Boolean).join(' ') || 'the reviewer'} />
        </div>
      ) : null}
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
