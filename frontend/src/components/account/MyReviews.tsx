import { Link } from 'react-router-dom';
import type { MyReview, ReviewState } from '@reproute/contracts';
import { useMyReviews } from '@/api/account';
import { Badge, Skeleton } from '@/components/ui/Misc';
import { StarRating } from '@/components/reviews/StarRating';
import { longDate } from '@/lib/dates';
import { ReviewGymFacts } from '@/components/reviews/ReviewGymDetails';

const stateBadge: Record<ReviewState, { label: string; tone: 'amber' | 'green' | 'slate'; note: string }> = {
  pending: { label: 'Pending', tone: 'amber', note: 'Waiting for a moderator: it is published once approved.' },
  approved: { label: 'Approved', tone: 'green', note: 'Published on the hotel\'s page.' },
  rejected: { label: 'Rejected', tone: 'slate', note: 'Not published.' },
};

function ReviewRow({ review }: { review: MyReview }) {
  const state = stateBadge[review.status];
  return (
    <li className="border-b border-slate-100 py-4 last:border-0" data-testid="my-review">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{review.title ?? 'Untitled review'}</p>
          <p className="text-sm text-slate-600">
            <Link to={`/hotels/${review.hotelId}`} className="font-medium text-ocean-700 hover:underline">
              {review.hotelName ?? `Hotel ${review.hotelId}`}
            </Link>{' '}
            · {longDate(new Date(review.createdAt))}
          </p>
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <StarRating value={review.rating} size="sm" className="mt-2" />
      <p className="mt-1 text-sm text-slate-600">
        {state.note}
        {review.status === 'rejected' && review.rejectionReason ? <> Reason: {review.rejectionReason}</> : null}
      </p>
      <ReviewGymFacts review={review} />
      {review.photos.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="my-review-photos">
          {review.photos.length === 1 ? '1 gym photo' : `${review.photos.length} gym photos`}
          {review.status === 'approved' ? ', shown with it.' : ', shown with it once it is approved.'}
        </p>
      ) : null}
      {review.reply ? <p className="mt-1 text-sm text-slate-600">The hotel replied to it.</p> : null}
    </li>
  );
}

/** The owner's reviews, newest first, each with where it stands (pending, approved, rejected with the moderator's reason). */
export function MyReviews() {
  const { data, isPending, isError } = useMyReviews();
  if (isPending) return <Skeleton className="mt-4 h-20" />;
  if (isError) return <p className="mt-3 text-sm text-red-700">Your reviews could not be loaded. Please try again later.</p>;
  if (data.length === 0) return <p className="mt-3 text-sm text-slate-600">You have not written a review yet. Reviews you write appear here with their status.</p>;
  return (
    <ul className="mt-2" aria-label="Your reviews">
      {data.map((review) => (
        <ReviewRow key={review.id} review={review} />
      ))}
    </ul>
  );
}
