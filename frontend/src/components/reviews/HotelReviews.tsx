import { Link } from 'react-router-dom';
import { PenLine } from 'lucide-react';
import type { ReviewAnswer } from '@reproute/contracts';
import { useApprovedReviews } from '@/api/reviews';
import { Button } from '@/components/ui/Button';
import { StarRating } from './StarRating';
import { tagLabel } from './reviewForm';

function reviewerName(review: ReviewAnswer): string {
  const first = review.reviewer.firstName?.trim();
  const initial = review.reviewer.lastInitial?.trim();
  if (!first) return 'A verified guest';
  return initial ? `${first} ${initial}.` : first;
}

function stayLabel(stayDate: string | null): string | null {
  if (!stayDate) return null;
  const [year, month] = stayDate.split('-').map(Number);
  if (!year || !month) return null;
  return new Date(year, month - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** One approved review; every text is rendered as text, never as HTML. */
export function ReviewItem({ review }: { review: ReviewAnswer }) {
  const stay = stayLabel(review.stayDate);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="hotel-review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} />
        {review.gymRating ? <span className="text-sm font-medium text-slate-700">(Gym: {review.gymRating}/5)</span> : null}
        <span className="text-sm text-slate-600">by {reviewerName(review)}</span>
        {stay ? <span className="text-sm text-slate-600">· stayed {stay}</span> : null}
      </div>
      {review.title ? <h3 className="mt-2 font-bold text-slate-900">{review.title}</h3> : null}
      <p className="mt-1 leading-relaxed whitespace-pre-line text-slate-700">{review.content}</p>
      {review.pros.length > 0 || review.cons.length > 0 ? (
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {review.pros.length > 0 ? (
            <div>
              <dt className="font-semibold text-emerald-800">Pros</dt>
              <dd className="text-slate-700">{review.pros.join(', ')}</dd>
            </div>
          ) : null}
          {review.cons.length > 0 ? (
            <div>
              <dt className="font-semibold text-red-700">Cons</dt>
              <dd className="text-slate-700">{review.cons.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {review.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {review.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {tagLabel(tag)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The hotel page's Reviews section: approved reviews with their gym rating, and a way to write one. */
export function HotelReviews({ hotelId, hotelName }: { hotelId: number; hotelName?: string }) {
  const reviews = useApprovedReviews(hotelId);
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="reviews-heading" data-testid="hotel-reviews">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
          Reviews {list.length > 0 ? <span className="text-lg font-semibold text-slate-500">({list.length})</span> : null}
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={`/write-review/${hotelId}`} aria-label={hotelName ? `Write a review of ${hotelName}` : undefined}>
            <PenLine aria-hidden className="h-4 w-4" />
            Write a Review
          </Link>
        </Button>
      </div>
      {list.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {list.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-600">
          {reviews.isPending ? 'Loading reviews...' : reviews.isError ? 'Reviews could not be loaded right now.' : 'No reviews yet. Stayed here? Tell other travellers about the gym.'}
        </p>
      )}
    </section>
  );
}
