import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Dumbbell, MapPin, Star } from 'lucide-react';
import { previewText } from '@reproute/contracts';
import type { Hotel } from '@/api/types';
import { bookingTarget, gymAccessLabel, hotelPath, locationLabel, nightlyPrice, primaryImage, ratingLabel } from '@/lib/hotel';
import { shownPrices } from '@/lib/prices';
import { useDisplayCurrency } from '@/lib/displayPrefs';
import { PriceNote } from './PriceNote';
import { nightsBetween, readStay, stayQuery } from '@/lib/searchParams';
import { HotelImage } from './HotelImage';
import { FavoriteButton } from './FavoriteButton';
import { bookingIntent, LazyBookingDialog } from './LazyBookingDialog';
import { Button } from './ui/Button';
import { GymGlance } from './GymScore';
import { TrainingFitLine } from './training/TrainingFit';
import { cn } from '@/lib/cn';
import { HydrateLater, KeptAsWritten } from '@/app/hydrateLater';
// The pages' server preloads a search page's first card picture as this one chooses it.
import { cardPicture } from '@/site/pageReads';

/** A hotel in a grid: image, heart, gym badge, rating, place, gym score and highlights, 120-character preview, price and actions. */
export function HotelCard({ hotel, priority = false }: { hotel: Hotel; priority?: boolean }) {
  // Each card is taken over in a task of its own after the rest of a page the server wrote.
  return (
    <HydrateLater>
      <Card hotel={hotel} priority={priority} />
    </HydrateLater>
  );
}

function Card({ hotel, priority }: { hotel: Hotel; priority: boolean }) {
  const [bookingOpen, setBookingOpen] = useState(false);
  const rating = ratingLabel(hotel.rating);
  const currency = useDisplayCurrency();
  // The dates and guests chosen on the page travel on to the hotel page.
  const [params] = useSearchParams();
  const stay = readStay(params);
  const path = `${hotelPath(hotel)}${stayQuery(stay)}`;
  // In the traveller's currency when they chose one, converted at the dated rates and saying so.
  const shown = shownPrices(nightlyPrice(hotel), hotel.currency, nightsBetween(stay.checkIn, stay.checkOut), currency);
  const price = shown.nightly?.text ?? null;
  const stayTotal = shown.stay?.text ?? null;
  return (
    <article
      aria-labelledby={`hotel-${hotel.id}-name`}
      data-testid="hotel-card"
      className={cn(
        'group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg',
        // Cards after the first view's are rendered as they come near it.
        !priority && 'render-when-near [--near-height:570px]',
      )}
    >
      <div className="relative">
        <Link to={path} tabIndex={-1} aria-hidden>
          <HotelImage
            src={primaryImage(hotel)}
            alt=""
            ratio="16 / 10"
            {...cardPicture}
            loading={priority ? 'eager' : 'lazy'}
            className="transition duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        <KeptAsWritten until={hotel}>
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur">
            <Dumbbell aria-hidden className="h-3.5 w-3.5 text-brand-200" />
            {gymAccessLabel(hotel.gymAccessType)}
          </span>
        </KeptAsWritten>
        <FavoriteButton hotelId={hotel.id} hotelName={hotel.name} className="absolute top-3 right-3" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`hotel-${hotel.id}-name`} className="text-lg leading-snug font-bold text-slate-900">
            <Link to={path} className="hover:text-brand-600">
              {hotel.name}
            </Link>
          </h3>
          <KeptAsWritten until={hotel}>
            <span className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-800" aria-label={rating ? `Rated ${rating} out of 5` : 'Not rated yet'}>
              <Star aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" />
              {rating ?? 'N/A'}
            </span>
          </KeptAsWritten>
        </div>
        <KeptAsWritten until={hotel}>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden className="h-4 w-4 text-slate-500" />
            {locationLabel(hotel)}
            {typeof hotel.distanceKm === 'number' ? <span data-testid="hotel-distance">· {hotel.distanceKm.toLocaleString('en-US')} km away</span> : null}
          </p>
        </KeptAsWritten>
        <GymGlance hotel={hotel} />
        <TrainingFitLine hotel={hotel} />
        <p className="mt-3 text-sm leading-relaxed text-slate-600">{previewText(hotel.description, 120)}</p>
        <div className="mt-auto pt-4">
          <p className="text-sm text-slate-600">
            {price ? (
              <>
                <span className="text-xl font-bold text-slate-900" data-testid="hotel-price">
                  {price}
                </span>{' '}
                per night
              </>
            ) : (
              'Contact for pricing'
            )}
          </p>
          {stayTotal ? (
            <p className="mt-0.5 text-sm font-semibold text-slate-800" data-testid="hotel-stay-total">
              {stayTotal}
            </p>
          ) : null}
          <PriceNote price={shown.nightly} className="mt-0.5" />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild variant="secondary" size="sm" className="flex-1">
              <Link to={path}>View Gym Details</Link>
            </Button>
            {bookingTarget(hotel) ? (
              <Button variant="primary" size="sm" className="flex-1" onClick={() => setBookingOpen(true)} {...bookingIntent}>
                Check Availability
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {bookingTarget(hotel) ? <LazyBookingDialog hotel={hotel} open={bookingOpen} onOpenChange={setBookingOpen} startAt="dates" /> : null}
    </article>
  );
}

export function HotelCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="hotel-card-skeleton">
      <div className="animate-pulse bg-slate-200" style={{ aspectRatio: '16 / 10' }} />
      <div className="space-y-3 p-5">
        <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-200" />
        <div className="h-9 w-full animate-pulse rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}
