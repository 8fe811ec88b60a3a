import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BadgeCheck, MessageSquareReply, PenLine } from 'lucide-react';
import { messages, type ReviewAnswer, type ReviewReply } from '@reproute/contracts';
import { verifiedStayMeaning } from '@reproute/contracts/review-values';
import { useApprovedReviews, useReplyToReview } from '@/api/reviews';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/Field';
import { useSession } from '@/hooks/useSession';
import { longDate, monthYear } from '@/lib/dates';
import { toast } from '@/store/toast';
import { StarRating } from './StarRating';
import { tagLabel } from './reviewTags';
import { KeptAsWritten } from '@/app/hydrateLater';
import { ReviewGymFacts, ReviewPhotoStrip } from './ReviewGymDetails';
import { ReviewGymSummary } from '@/components/hotel/ReviewGymSummary';

function reviewerName(review: ReviewAnswer): string {
  const first = review.reviewer.firstName?.trim();
  const initial = review.reviewer.lastInitial?.trim();
  if (!first) return 'A traveller';
  return initial ? `${first} ${initial}.` : first;
}

function stayLabel(stayDate: string | null): string | null {
  if (!stayDate) return null;
  const [year, month] = stayDate.split('-').map(Number);
  if (!year || !month || month > 12) return null;
  return monthYear(year, month);
}

const replyMaxLength = 2000;

function replyDate(iso: string): string {
  return longDate(new Date(iso));
}

/** The hotel's answer under a review, as text. */
export function ReviewReplyBlock({ reply }: { reply: ReviewReply }) {
  const edited = reply.updatedAt !== reply.createdAt;
  return (
    <div className="mt-4 rounded-xl border-l-4 border-ocean-600 bg-slate-50 px-4 py-3" data-testid="review-reply">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-slate-900">Response from the hotel</span>
        <span className="text-slate-600">
          {replyDate(reply.createdAt)}
          {edited ? ' (edited)' : ''}
        </span>
      </p>
      <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-slate-700">{reply.text}</p>
    </div>
  );
}

/** The owner's reply form: writes the first reply or edits it; rules from the shared contract. */
function ReplyForm({ review, onDone }: { review: ReviewAnswer; onDone: () => void }) {
  const [text, setText] = useState(review.reply?.text ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useReplyToReview(review.hotelId);
  const edit = review.reply !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The rule of contracts' reviewReplyRequest (the server applies it too), checked here without
    // zod so every hotel page does not download it for a form only the owner sees.
    const trimmed = text.trim();
    const problem = trimmed.length === 0 ? messages.replyRequired : trimmed.length > replyMaxLength ? messages.replyMax : undefined;
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ reviewId: review.id, text: trimmed, edit });
      toast({ title: edit ? 'Reply updated' : 'Reply published', description: edit ? undefined : 'The reviewer has been emailed your reply.' });
      onDone();
    } catch (err) {
      setError(serverMessageOr(err, 'Your reply could not be saved. Please try again.'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-2" aria-label="Reply to this review">
      <TextAreaField label={edit ? 'Edit your reply' : 'Your reply as the hotel'} rows={4} value={text} maxLength={replyMaxLength} error={error} onChange={(e) => setText(e.target.value)} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-600">
          {text.trim().length}/{replyMaxLength}
        </span>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : edit ? 'Save reply' : 'Publish reply'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** One approved review; every text is rendered as text, never as HTML. The hotel's owner may answer it. */
export function ReviewItem({ review, canReply = false, hotelName }: { review: ReviewAnswer; canReply?: boolean; hotelName?: string }) {
  const [replying, setReplying] = useState(false);
  const stay = stayLabel(review.stayDate);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="hotel-review">
      <KeptAsWritten until={review}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StarRating value={review.rating} />
          {review.gymRating ? <span className="text-sm font-medium text-slate-700">(Gym: {review.gymRating}/5)</span> : null}
          <span className="text-sm text-slate-600">by {reviewerName(review)}</span>
          {stay ? <span className="text-sm text-slate-600">· stayed {stay}</span> : null}
          {review.verifiedStay ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800"
              title={verifiedStayMeaning}
              data-testid="verified-stay"
            >
              <BadgeCheck aria-hidden className="h-3.5 w-3.5" />
              Verified stay
              <span className="sr-only">: {verifiedStayMeaning}</span>
            </span>
          ) : null}
        </div>
      </KeptAsWritten>
      {review.title ? <h3 className="mt-2 font-bold text-slate-900">{review.title}</h3> : null}
      <p className="mt-1 leading-relaxed whitespace-pre-line text-slate-700">{review.content}</p>
      <ReviewGymFacts review={review} />
      <ReviewPhotoStrip photos={review.photos ?? []} hotelName={hotelName ?? 'this hotel'} by={reviewerName(review)} />
      {review.pros.length > 0 || review.cons.length > 0 ? (
        <KeptAsWritten until={review}>
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
        </KeptAsWritten>
      ) : null}
      {review.tags.length > 0 ? (
        <KeptAsWritten until={review}>
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
            {review.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                {tagLabel(tag)}
              </li>
            ))}
          </ul>
        </KeptAsWritten>
      ) : null}
      {review.reply && !replying ? <ReviewReplyBlock reply={review.reply} /> : null}
      {canReply && replying ? <ReplyForm review={review} onDone={() => setReplying(false)} /> : null}
      {canReply && !replying ? (
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => setReplying(true)}>
          <MessageSquareReply aria-hidden className="h-4 w-4" />
          {review.reply ? 'Edit reply' : 'Reply'}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The hotel page's Reviews section: approved reviews with their gym rating and the hotel's replies,
 * a way to write one, and for the provider who owns the hotel a Reply action on each review.
 */
export function HotelReviews({ hotelId, hotelName, ownerId }: { hotelId: number; hotelName?: string; ownerId?: string | null }) {
  const reviews = useApprovedReviews(hotelId);
  const { user } = useSession();
  const isOwner = Boolean(user?.isProvider && ownerId && user.id === ownerId);
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="reviews-heading" data-testid="hotel-reviews" className="render-when-near [--near-height:1400px] md:[--near-height:930px]">
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
      <ReviewGymSummary reviews={list} />
      {list.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {list.map((review) => (
            <ReviewItem key={review.id} review={review} canReply={isOwner} hotelName={hotelName} />
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
