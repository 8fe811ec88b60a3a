import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Check, ClipboardCheck, ExternalLink, MapPinPlus, Search, X } from 'lucide-react';
import { formatPrice, gymAccessLabels, type City, type Hotel } from '@reproute/contracts';
import { useHotelApproval, usePendingHotelPages } from '@/api/admin';
import { useCities } from '@/api/cities';
import { serverMessageOr } from '@/api/request';
import { HotelImage } from '@/components/HotelImage';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/Field';
import { toast } from '@/store/toast';
import { adminFilterDelayMs } from './adminHotelQuery';
import { ListingRejectDialog, type ListingRejectTarget } from './ListingRejectDialog';

/** The gym's opening hours as the listing states them: 24 hours, a from-to pair, or its own text. */
export function gymHoursText(hotel: Pick<Hotel, 'gym'>): string | null {
  const gym = hotel.gym;
  if (!gym) return null;
  if (gym.open24Hours) return 'Open 24 hours';
  if (gym.opensAt && gym.closesAt) return `${gym.opensAt}–${gym.closesAt}`;
  return gym.hours || null;
}

/** The gym's size: square metres when stated, else its own text. */
export function gymSizeText(hotel: Pick<Hotel, 'gym'>): string | null {
  const gym = hotel.gym;
  if (!gym) return null;
  if (gym.sizeSqm) return `${gym.sizeSqm.toLocaleString('en-US')} m²`;
  return gym.size || null;
}

/** A city no live listing is in yet: approving this listing puts it in the public city list. */
export function isNewCity(hotel: Pick<Hotel, 'cityId'>, cities: Pick<City, 'id' | 'hotelCount'>[] | undefined): boolean {
  if (hotel.cityId === null || !cities) return false;
  const city = cities.find((c) => c.id === hotel.cityId);
  return city !== undefined && city.hotelCount === 0;
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/** Everything an admin needs to judge a listing: place (and whether its city is new), gym facts, photos, where bookings and leads go. */
function PendingListingCard({ hotel, cities, busy, onApprove, onReject }: { hotel: Hotel; cities: City[] | undefined; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const photos = [...hotel.images, ...hotel.gymImages.filter((url) => !hotel.images.includes(url))];
  const newCity = isNewCity(hotel, cities);
  const hours = gymHoursText(hotel);
  const size = gymSizeText(hotel);
  return (
    <li className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="pending-listing">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-bold [overflow-wrap:anywhere] text-slate-900">{hotel.name}</h3>
        <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-800">Pending Review</span>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <span className="[overflow-wrap:anywhere]">{[hotel.address, hotel.city, hotel.country].filter(Boolean).join(' · ')}</span>
        {newCity ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900" data-testid="new-city">
            <MapPinPlus aria-hidden className="h-3.5 w-3.5" /> New city
          </span>
        ) : null}
      </p>
      {newCity ? <p className="mt-1 text-xs text-slate-600">No live listing is in {hotel.city} yet: approving adds it to the public city list. Check its name and country.</p> : null}
      <p className="mt-2 line-clamp-3 text-sm text-slate-700">{hotel.description || 'No description.'}</p>
      {photos.length > 0 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={`Photos of ${hotel.name}`}>
          {photos.slice(0, 8).map((url, i) => (
            <li key={url} className="w-20 shrink-0">
              <HotelImage src={url} alt={`${hotel.gymImages.includes(url) && !hotel.images.includes(url) ? 'Gym photo' : 'Photo'} ${i + 1} of ${hotel.name}`} ratio="4 / 3" wrapperClassName="rounded-lg" sizes="80px" preferredWidth={320} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm font-medium text-amber-800">No photos</p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Fact label="Price">{formatPrice(hotel.pricePerNight ?? hotel.price, hotel.currency)}</Fact>
        <Fact label="Gym">{gymAccessLabels[hotel.gymAccessType]}</Fact>
        <Fact label="Hours">{hours ?? 'Not given'}</Fact>
        <Fact label="Size">{size ?? 'Not given'}</Fact>
        <Fact label="Equipment" wide>
          {hotel.rawEquipment.length > 0 ? hotel.rawEquipment.join(', ') : 'None listed'}
        </Fact>
        <Fact label="Booking URL" wide>
          {hotel.bookingUrl ? (
            <a href={hotel.bookingUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline hover:text-brand-800">
              {hotel.bookingUrl}
            </a>
          ) : (
            '--'
          )}
        </Fact>
        <Fact label="Email for leads" wide>
          {hotel.contactEmail || '--'}
        </Fact>
        <Fact label="Provider" wide>
          {hotel.providerEmail || '--'}
        </Fact>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" className="bg-emerald-700 shadow-none hover:bg-emerald-800" disabled={busy} onClick={onApprove} aria-label={`Approve ${hotel.name}`}>
          <Check aria-hidden className="h-4 w-4" /> Approve
        </Button>
        <Button size="sm" variant="destructive" disabled={busy} onClick={onReject} aria-label={`Reject ${hotel.name}`}>
          <X aria-hidden className="h-4 w-4" /> Reject
        </Button>
        <Button asChild size="sm" variant="ghost">
          <Link to={`/hotels/${hotel.id}`}>
            <ExternalLink aria-hidden className="h-4 w-4" /> Preview
          </Link>
        </Button>
      </div>
    </li>
  );
}

/**
 * Provider listings awaiting review (ruling 5): approve makes one public and emails its provider; reject asks for
 * the reason the provider is emailed. The catalog filters and pages the queue; the cards grow a page at a time
 * with "Show more listings".
 */
export function PendingListings() {
  const [filter, setFilter] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(filter.trim()), adminFilterDelayMs);
    return () => clearTimeout(timer);
  }, [filter]);
  const pending = usePendingHotelPages(term);
  const approval = useHotelApproval();
  const cities = useCities();
  const [rejecting, setRejecting] = useState<ListingRejectTarget | null>(null);

  const decide = async (hotel: Pick<Hotel, 'id' | 'name'>, isApproved: boolean, reason?: string) => {
    try {
      await approval.mutateAsync({ id: hotel.id, decision: { isApproved, reason } });
      setRejecting(null);
      toast({
        title: isApproved ? 'Listing Approved' : 'Listing Rejected',
        description: isApproved ? `${hotel.name} is now live.` : `${hotel.name} was sent back to its provider with your reason.`,
      });
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Failed to update listing. Please try again.'), variant: 'destructive' });
    }
  };

  if (pending.isPending) return <p className="text-slate-600">Loading listings...</p>;
  if (pending.isError) return <p className="text-red-700">Pending listings could not be loaded.</p>;
  const hotels = pending.data.pages.flatMap((page) => page.items);
  const total = pending.data.pages[0]?.total ?? 0;
  if (total === 0 && term === '' && filter.trim() === '') {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <ClipboardCheck aria-hidden className="h-10 w-10 text-slate-400" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">No pending listings</h2>
        <p className="mt-1 text-slate-600">Every provider listing has been reviewed.</p>
      </div>
    );
  }
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="relative w-full sm:w-96">
          <label htmlFor="pending-filter" className="sr-only">
            Filter pending listings
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <input
            id="pending-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Name, city, country or provider email"
            className={`${inputClass} pl-9`}
          />
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {total.toLocaleString('en-US')} {total === 1 ? 'listing' : 'listings'} {term ? (total === 1 ? 'matches' : 'match') : 'awaiting review'}, oldest first.
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {hotels.map((hotel) => (
          <PendingListingCard
            key={hotel.id}
            hotel={hotel}
            cities={cities.data}
            busy={approval.isPending}
            onApprove={() => void decide(hotel, true)}
            onReject={() => setRejecting({ kind: 'listing', hotelId: hotel.id, hotelName: hotel.name })}
          />
        ))}
      </ul>
      {pending.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={pending.isFetchingNextPage} onClick={() => void pending.fetchNextPage()}>
            {pending.isFetchingNextPage ? 'Loading listings...' : 'Show more listings'}
          </Button>
        </div>
      ) : null}
      <ListingRejectDialog
        target={rejecting}
        busy={approval.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && void decide({ id: rejecting.hotelId, name: rejecting.hotelName }, false, reason)}
      />
    </>
  );
}
