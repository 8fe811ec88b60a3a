import { Check, MessageSquareText, X } from 'lucide-react';
import type { PendingReview } from '@reproute/contracts';
import { useModerateReview, usePendingReviews } from '@/api/reviews';
import { Button } from '@/components/ui/Button';
import { StarRating } from '@/components/reviews/StarRating';
import { tagLabel } from '@/components/reviews/reviewForm';
import { toast } from '@/store/toast';

/** Reviews Moderation: each pending review with stars, gym rating and tags; Approve and Reject. */
export function ReviewModeration() {
  const reviews = usePendingReviews();
  const moderate = useModerateReview();

  const decide = async (review: PendingReview, isApproved: boolean) => {
    try {
      await moderate.mutateAsync({ reviewId: review.id, isApproved });
      toast({ title: 'Success', description: 'Review updated!' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update review. Please try again.', variant: 'destructive' });
    }
  };

  if (reviews.isPending) return <p className="text-slate-600">Loading reviews...</p>;
  if (reviews.isError) return <p className="text-red-700">Reviews could not be loaded.</p>;
  if (reviews.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <MessageSquareText aria-hidden className="h-10 w-10 text-slate-400" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">No pending reviews</h2>
        <p className="mt-1 text-slate-600">All reviews have been moderated.</p>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {reviews.data.map((review) => (
        <li key={review.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="pending-review">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 className="text-lg font-bold text-slate-900">{review.hotelName || 'Unknown Hotel'}</h3>
              <p className="text-sm text-slate-600">
                by {[review.user.firstName, review.user.lastName].filter(Boolean).join(' ') || 'Anonymous'}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <StarRating value={review.rating} />
                {review.gymRating ? <span className="text-sm font-medium text-slate-700">(Gym: {review.gymRating}/5)</span> : null}
              </div>
              {review.title ? <p className="mt-2 font-semibold text-slate-900">{review.title}</p> : null}
              <p className="mt-1 leading-relaxed whitespace-pre-line text-slate-700">{review.content}</p>
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
            <div className="flex shrink-0 gap-2">
              <Button size="sm" className="bg-emerald-700 shadow-none hover:bg-emerald-800" disabled={moderate.isPending} onClick={() => void decide(review, true)}>
                <Check aria-hidden className="h-4 w-4" /> Approve
              </Button>
              <Button size="sm" variant="destructive" disabled={moderate.isPending} onClick={() => void decide(review, false)}>
                <X aria-hidden className="h-4 w-4" /> Reject
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
