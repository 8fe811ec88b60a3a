import { useState } from 'react';
import { MessageSquare, Star } from 'lucide-react';
import type { ApiAnswer } from '@reproute/contracts';
import { useProviderHotels } from '@/api/provider';
import { useProviderReviews, useReplyFromInbox, type ReviewsInboxFilters } from '@/api/providerReviews';
import { serverMessageOr } from '@/api/request';
import { FormAlert } from '@/components/FormAlert';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/Misc';
import { Pager } from '@/components/ui/Pager';
import { toast } from '@/store/toast';

type InboxReview = ApiAnswer<'GET /api/provider/reviews'>['items'][number];
const selectClass = `${inputClass} py-2`;

/** The dashboard's Reviews tab: published reviews across the properties, "unanswered" and rating filters, and replying from here. */
export default function ReviewsInbox() {
  const hotels = useProviderHotels();
  const [filters, setFilters] = useState<ReviewsInboxFilters>({ unanswered: true, rating: null, hotelId: null, page: 1 });
  const reviews = useProviderReviews(filters);
  const change = (next: Partial<ReviewsInboxFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const data = reviews.data;
  return (
    <section aria-labelledby="reviews-inbox-heading" data-testid="reviews-inbox">
      <h2 id="reviews-inbox-heading" className="sr-only">
        Reviews inbox
      </h2>
      <form className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:items-end" aria-label="Filter reviews" onSubmit={(e) => e.preventDefault()}>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" checked={filters.unanswered} onChange={(e) => change({ unanswered: e.target.checked })} className="h-5 w-5 rounded border-slate-300" />
          Unanswered only
        </label>
        <div>
          <label htmlFor="reviews-rating" className="mb-1.5 block text-sm font-medium text-slate-800">
            Rating
          </label>
          <select id="reviews-rating" className={selectClass} value={filters.rating ?? ''} onChange={(e) => change({ rating: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="reviews-hotel" className="mb-1.5 block text-sm font-medium text-slate-800">
            Property
          </label>
          <select id="reviews-hotel" className={selectClass} value={filters.hotelId ?? ''} onChange={(e) => change({ hotelId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All properties</option>
            {(hotels.data ?? []).map((hotel) => (
              <option key={hotel.id} value={hotel.id}>
                {hotel.name}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="mt-4 text-sm text-slate-700" aria-live="polite" data-testid="reviews-count">
        {data ? `${data.total} ${data.total === 1 ? 'review' : 'reviews'} · ${data.unanswered} unanswered` : ''}
      </p>
      <div className="mt-3 grid gap-3">
        {reviews.isPending ? (
          <Skeleton className="h-48" aria-label="Loading reviews" />
        ) : reviews.isError ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">{serverMessageOr(reviews.error, 'The reviews could not be loaded. Please try again.')}</p>
        ) : data && data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{filters.unanswered ? 'Every review is answered.' : 'No reviews match these filters.'}</p>
        ) : (
          data?.items.map((review) => <InboxReviewCard key={review.id} review={review} />)
        )}
      </div>
      {data && data.total > data.pageSize ? <Pager label="Review pages" page={filters.page} pageCount={Math.ceil(data.total / data.pageSize)} onPage={(page) => setFilters((f) => ({ ...f, page }))} /> : null}
    </section>
  );
}

function InboxReviewCard({ review }: { review: InboxReview }) {
  const reply = useReplyFromInbox();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const who = [review.reviewer.firstName, review.reviewer.lastInitial ? `${review.reviewer.lastInitial}.` : null].filter(Boolean).join(' ') || 'A traveller';
  const send = async () => {
    setError(null);
    try {
      await reply.mutateAsync({ id: review.id, text });
      toast({ title: 'Reply published', description: `${who} is emailed that you replied.` });
      setText('');
    } catch (err) {
      setError(serverMessageOr(err, 'The reply could not be published. Please try again.'));
    }
  };
  const replyId = `reply-${review.id}`;
  return (
    <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="inbox-review">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">{review.hotel.name ?? 'Your property'}</p>
          <h3 className="mt-1 font-bold break-words text-slate-900">{review.title || 'Untitled review'}</h3>
          <p className="text-sm text-slate-600">
            {who} · {new Date(review.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
          </p>
        </div>
        <p className="flex items-center gap-1 font-semibold text-slate-900" aria-label={`${review.rating} out of 5 stars`}>
          <Star aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" /> {review.rating}/5
        </p>
      </div>
      <p className="mt-3 break-words whitespace-pre-line text-slate-800">{review.content}</p>
      {review.reply ? (
        <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm" data-testid="inbox-reply">
          <p className="flex items-center gap-1 text-xs font-semibold text-slate-600">
            <MessageSquare aria-hidden className="h-3.5 w-3.5" /> Your reply
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-slate-900">{review.reply.text}</p>
        </div>
      ) : (
        <div className="mt-3 grid gap-2">
          <FormAlert message={error} />
          <label htmlFor={replyId} className="text-sm font-medium text-slate-800">
            Reply to {who}
          </label>
          <textarea id={replyId} rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} className="block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-ocean-500 focus:ring-2 focus:ring-ocean-500/25 focus:outline-none" />
          <div>
            <Button size="sm" onClick={() => void send()} disabled={reply.isPending}>
              {reply.isPending ? 'Publishing...' : 'Publish reply'}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
