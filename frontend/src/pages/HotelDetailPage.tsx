import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { CalendarCheck, Clock, Dumbbell, ExternalLink, Gauge, MapPin, Ruler, Star, UserCheck } from 'lucide-react';
import { classifyEquipment, equipmentCategories, equipmentCategoryTitles, type EquipmentByCategory } from '@reproute/contracts';
import { useHotel } from '@/api/hotels';
import { HotelReviews } from '@/components/reviews/HotelReviews';
import type { Hotel } from '@/api/types';
import { HotelImage } from '@/components/HotelImage';
import { FavoriteButton } from '@/components/FavoriteButton';
import { ShareButton } from '@/components/ShareButton';
import { bookingButtonsHelp, bookingIntent, LazyBookingDialog } from '@/components/LazyBookingDialog';
import { Button } from '@/components/ui/Button';
import { GymScorePanel, gymScoreText } from '@/components/GymScore';
import { GymFacts } from '@/components/hotel/GymFacts';
import { LazyTrainingFitPanel } from '@/components/training/LazyTrainingFitPanel';
import { GymFactsFreshness } from '@/components/hotel/GymFactsFreshness';
import { equipmentChipText } from '@/lib/gymFacts';
import { Badge, Container, Skeleton } from '@/components/ui/Misc';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
// The pages' server preloads the hero picture as this one chooses it.
import { heroPicture } from '@/site/pageReads';
import { bookingTarget, equipmentLabelInUnit, gymAccessLabel, hotelPath, locationLabel, nightlyPrice, primaryImage, ratingLabel, stayDatesText } from '@/lib/hotel';
import { shownPrices } from '@/lib/prices';
import { useDisplayCurrency, useWeightUnit } from '@/lib/displayPrefs';
import { PriceNote } from '@/components/PriceNote';
import { PhotoGallery } from '@/components/hotel/PhotoGallery';
import { nightsBetween, readStay } from '@/lib/searchParams';
import { toast } from '@/store/toast';
import { HydrateLater, KeptAsWritten } from '@/app/hydrateLater';
import { NotLiveBanner } from '@/components/NotLiveBanner';
import { HotelLoadProblem, isHotelMissing } from '@/components/hotel/HotelLoadProblem';

function equipmentOf(hotel: Hotel): EquipmentByCategory {
  const given = hotel.equipment;
  if (given && equipmentCategories.some((c) => (given[c]?.length ?? 0) > 0)) {
    return { strength: given.strength ?? [], cardio: given.cardio ?? [], specialty: given.specialty ?? [], recovery: given.recovery ?? [] };
  }
  return classifyEquipment(hotel.rawEquipment ?? []);
}


/** /hotels/{slug}, /hotels/{id} and /hotel/{id}. */
export default function HotelDetailPage() {
  const { slug, id } = useParams();
  const key = slug ?? id;
  const hotelQuery = useHotel(key);
  const hotel = hotelQuery.data;
  useDocumentTitle(hotel?.name ?? (hotelQuery.isError ? (isHotelMissing(hotelQuery.error) ? pageTitles.hotelNotFound : 'Hotel unavailable') : 'Hotel'));

  if (hotelQuery.isPending) return <DetailSkeleton />;
  if (hotelQuery.isError || !hotel) {
    return <HotelLoadProblem error={hotelQuery.error} retry={() => void hotelQuery.refetch()} retrying={hotelQuery.isFetching} />;
  }
  return <HotelDetail hotel={hotel} />;
}

function HotelDetail({ hotel }: { hotel: Hotel }) {
  const { signedIn } = useSession();
  const [bookingOpen, setBookingOpen] = useState(false);
  const rating = ratingLabel(hotel.rating);
  const [params] = useSearchParams();
  const { search } = useLocation();
  const stay = readStay(params);
  // Prices in the traveller's currency when they chose one (converted at the dated rates, and saying so); weights in their unit.
  const shown = shownPrices(nightlyPrice(hotel), hotel.currency, nightsBetween(stay.checkIn, stay.checkOut), useDisplayCurrency());
  const price = shown.nightly?.text ?? null;
  const stayTotal = shown.stay?.text ?? null;
  const unit = useWeightUnit();
  const equipment = equipmentOf(hotel);
  const gallery = [...new Set([...(hotel.gymImages ?? []), ...(hotel.images ?? [])])].filter(Boolean);
  const [bookingStart, setBookingStart] = useState<'book' | 'dates'>('book');
  const openBooking = (start: 'book' | 'dates') => {
    setBookingStart(start);
    if (!bookingTarget(hotel)) {
      toast({ title: 'Booking Unavailable', description: 'Booking link not available for this hotel.', variant: 'destructive' });
      return;
    }
    setBookingOpen(true);
  };

  return (
    <article className="pb-20">
      <NotLiveBanner hotel={hotel} />
      <HydrateLater>
        <div className="relative">
          <HotelImage src={primaryImage(hotel)} alt={`${hotel.name}`} ratio="21 / 9" {...heroPicture} loading="eager" wrapperClassName="max-h-[520px] w-full max-sm:aspect-[4/3]!" />
          <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-slate-950/85 via-slate-950/30 to-transparent" />
          <Container className="absolute inset-x-0 bottom-0 pb-6 text-white sm:pb-10">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="white">
                <Dumbbell aria-hidden className="h-3.5 w-3.5 text-brand-600" />
                {gymAccessLabel(hotel.gymAccessType)}
              </Badge>
              <Badge tone="white">
                <Star aria-hidden className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
                <span aria-label={rating ? `Rated ${rating} out of 5` : 'Not rated yet'}>{rating ?? 'N/A'}</span>
                {hotel.totalReviews ? <span className="font-normal text-slate-600">({hotel.totalReviews})</span> : null}
              </Badge>
              {typeof hotel.gymScore === 'number' ? (
                <Badge tone="white">
                  <Gauge aria-hidden className="h-3.5 w-3.5 text-brand-600" />
                  <span role="img" aria-label={`Gym score ${gymScoreText(hotel.gymScore)} out of 5`}>Gym score {gymScoreText(hotel.gymScore)}</span>
                </Badge>
              ) : null}
            </div>
            <h1 className="mt-3 text-3xl font-extrabold sm:text-5xl">{hotel.name}</h1>
            <p className="mt-2 flex items-center gap-1.5 text-white/90">
              <MapPin aria-hidden className="h-4 w-4" />
              {hotel.address ? `${hotel.address} · ` : ''}
              {locationLabel(hotel)}
            </p>
          </Container>
        </div>
      </HydrateLater>

      <Container className="mt-8 grid gap-10 lg:grid-cols-[1fr_360px]">
        <div className="min-w-0 space-y-12">
          <KeptAsWritten until={hotel}>
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="text-2xl font-bold text-slate-900">
                About
              </h2>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{hotel.description || 'No description yet.'}</p>
            </section>
          </KeptAsWritten>

          <HydrateLater>
            <LazyTrainingFitPanel hotel={hotel} />
          </HydrateLater>

          <HydrateLater>
            <section aria-labelledby="equipment-heading">
              <h2 id="equipment-heading" className="text-2xl font-bold text-slate-900">
                Gym Equipment &amp; Facilities
              </h2>
              <GymScorePanel hotel={hotel} />
              <GymFactsFreshness hotelId={hotel.id} live={hotel.status === 'approved'} />
              {/* Hydrated, not kept as written: the partner gym's map is mounted once the page is the SPA's. */}
              <GymFacts hotel={hotel} />
              {hotel.gym ? (
                <KeptAsWritten until={hotel}>
                  <div className="mt-4 flex flex-wrap gap-3 text-sm text-slate-700">
                    {hotel.gym.hours && !hotel.gym.weeklyHours ? (
                      <span className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
                        <Clock aria-hidden className="h-4 w-4 text-ocean-600" /> {hotel.gym.hours}
                      </span>
                    ) : null}
                    {hotel.gym.size ? (
                      <span className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
                        <Ruler aria-hidden className="h-4 w-4 text-ocean-600" /> {hotel.gym.size}
                      </span>
                    ) : null}
                    {hotel.gym.hasPersonalTrainer ? (
                      <span className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
                        <UserCheck aria-hidden className="h-4 w-4 text-ocean-600" /> Personal trainers
                      </span>
                    ) : null}
                    {hotel.gym.hasFitnessClasses ? (
                      <span className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
                        <CalendarCheck aria-hidden className="h-4 w-4 text-ocean-600" /> Fitness classes
                      </span>
                    ) : null}
                  </div>
                </KeptAsWritten>
              ) : null}
              {/* The server wrote the chips in kilograms: kept as written only while they still read so. */}
              <KeptAsWritten until={unit === 'kg' ? hotel : unit}>
                <div className="mt-5 grid gap-4 sm:grid-cols-2">
                  {equipmentCategories.map((category) => (
                    <div key={category} className="rounded-2xl border border-slate-200 bg-white p-5">
                      <h3 className="text-base font-bold text-slate-900">{equipmentCategoryTitles[category]}</h3>
                      {equipment[category].length > 0 ? (
                        <ul className="mt-3 flex flex-wrap gap-2">
                          {equipment[category].map((label) => (
                            <li key={label} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                              {equipmentChipText(label, hotel.gym, equipmentLabelInUnit, unit)}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="mt-3 text-sm text-slate-600">Not listed</p>
                      )}
                    </div>
                  ))}
                </div>
              </KeptAsWritten>
              {hotel.rawEquipment?.length ? (
                <KeptAsWritten until={hotel}>
                  <details className="mt-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
                    <summary className="cursor-pointer text-sm font-semibold text-slate-800">Full equipment list ({hotel.rawEquipment.length})</summary>
                    <ul className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
                      {hotel.rawEquipment.map((item) => (
                        <li key={item}>• {item}</li>
                      ))}
                    </ul>
                  </details>
                </KeptAsWritten>
              ) : null}
            </section>
          </HydrateLater>

          {gallery.length > 0 ? (
            <HydrateLater>
              <section aria-labelledby="gallery-heading" className="render-when-near [--near-height:440px]">
                <h2 id="gallery-heading" className="text-2xl font-bold text-slate-900">
                  Gallery
                </h2>
                <PhotoGallery hotel={hotel} photos={gallery} />
              </section>
            </HydrateLater>
          ) : null}

          <HydrateLater>
            <HotelReviews hotelId={hotel.id} hotelName={hotel.name} ownerId={hotel.providerId} />
          </HydrateLater>
        </div>

        <HydrateLater>
          <aside className="max-lg:order-first lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-900/5">
              <p className="text-sm text-slate-600">Price per night</p>
              <p className="mt-1 text-3xl font-extrabold text-slate-900" data-testid="detail-price">
                {price ?? 'Contact for pricing'}
              </p>
              <PriceNote price={shown.nightly} className="mt-1" />
              {stay.checkIn && stay.checkOut ? (
                <div className="mt-3 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200">
                  <p className="text-sm text-slate-700" data-testid="detail-stay-dates">
                    {stayDatesText(stay.checkIn, stay.checkOut, stay.adults)}
                  </p>
                  {stayTotal ? (
                    <p className="mt-0.5 text-lg font-bold text-slate-900" data-testid="detail-stay-total">
                      {stayTotal}
                    </p>
                  ) : null}
                </div>
              ) : price ? (
                <p className="mt-2 text-sm text-slate-600">Choose dates when you book to see the total for your stay.</p>
              ) : null}
              <div className="mt-5 grid gap-2">
                <Button size="lg" onClick={() => openBooking('book')} aria-describedby="booking-buttons-help" {...bookingIntent}>
                  <CalendarCheck aria-hidden className="h-5 w-5" />
                  Book Now
                </Button>
                <Button size="lg" variant="outline" onClick={() => openBooking('dates')} aria-describedby="booking-buttons-help" {...bookingIntent}>
                  <ExternalLink aria-hidden className="h-5 w-5" />
                  Check Rates
                </Button>
                <p id="booking-buttons-help" className="text-xs leading-relaxed text-slate-600" data-testid="booking-buttons-help">
                  {bookingButtonsHelp}
                </p>
                {signedIn ? <FavoriteButton hotelId={hotel.id} hotelName={hotel.name} withLabel className="w-full rounded-xl border border-slate-300 shadow-none" /> : null}
                <ShareButton
                  target={{ title: hotel.name, text: `${hotel.name}${locationLabel(hotel) ? ` in ${locationLabel(hotel)}` : ''} on RepRoute`, url: `${typeof window === 'undefined' ? '' : window.location.origin}${hotelPath(hotel)}${search}` }}
                  analyticsLabel={`hotel:${hotel.id}`}
                />
              </div>
              <p className="mt-4 text-xs leading-relaxed text-slate-600">You book directly with the hotel or its booking partner. RepRoute never charges a fee.</p>
            </div>
          </aside>
        </HydrateLater>
      </Container>
      <LazyBookingDialog hotel={hotel} open={bookingOpen} onOpenChange={setBookingOpen} startAt={bookingStart} />
    </article>
  );
}

function DetailSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading hotel">
      <Skeleton className="w-full rounded-none" style={{ aspectRatio: '21 / 9', maxHeight: 520 }} />
      <Container className="mt-8 grid gap-10 lg:grid-cols-[1fr_360px]">
        <div className="space-y-4">
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-40 w-full" />
        </div>
        <Skeleton className="h-64 w-full" />
      </Container>
    </div>
  );
}
