import { lazy, Suspense, useRef, useState } from 'react';
import type { ReviewAnswer } from '@reproute/contracts';
import { givenSubScores, trainedKindsText, trainedTimeText } from '@/lib/reviewGym';

const PhotoLightbox = lazy(() => import('@/components/hotel/PhotoLightbox'));

/** A review's gym sub-scores and when and what the reviewer trained, as a short list (nothing when none given). */
export function ReviewGymFacts({ review }: { review: Pick<ReviewAnswer, 'gymScores' | 'trainedHour' | 'trainedBand' | 'trainedKinds'> }) {
  const scores = givenSubScores(review.gymScores);
  const time = trainedTimeText(review);
  const kinds = trainedKindsText(review.trainedKinds);
  if (scores.length === 0 && !time && !kinds) return null;
  return (
    <div className="mt-3 text-sm text-slate-700" data-testid="review-gym-facts">
      {scores.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Gym sub-scores">
          {scores.map((s) => (
            <li key={s.key} className="rounded-full bg-ocean-50 px-2.5 py-0.5 text-xs font-medium text-ocean-900">
              {s.label} {s.score}/5
            </li>
          ))}
        </ul>
      ) : null}
      {time || kinds ? <p className="mt-1.5">{time ? [time, kinds].filter(Boolean).join(' · ') : `Trained: ${kinds}`}</p> : null}
    </div>
  );
}

/** A review's gym photos: thumbnails that open the site's lightbox (keyboard, swipe, alt text). */
export function ReviewPhotoStrip({ photos, hotelName, by }: { photos: ReviewAnswer['photos']; hotelName: string; by: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (photos.length === 0) return null;
  const gallery = photos.map((p, i) => ({ src: p.src, caption: null, alt: `The gym at ${hotelName}, photo ${i + 1} of ${photos.length} by ${by}`, kind: 'gym' as const }));
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Gym photos from this review" data-testid="review-photos">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              ref={(el) => {
                buttons.current[i] = el;
              }}
              className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ocean-600"
              onClick={() => setOpen(i)}
              aria-label={`Open ${gallery[i]!.alt}`}
            >
              <img src={photo.src} srcSet={photo.srcSet} sizes="96px" alt="" width={96} height={72} loading="lazy" className="h-18 w-24 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <PhotoLightbox photos={gallery} index={open} open onIndexChange={setOpen} onClose={() => setOpen(null)} hotelName={hotelName} returnFocus={() => buttons.current[open] ?? null} />
        </Suspense>
      ) : null}
    </>
  );
}
