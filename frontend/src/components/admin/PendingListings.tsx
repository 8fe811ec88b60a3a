import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Check, ClipboardCheck, ExternalLink, Search, X } from 'lucide-react';
import { formatPrice, gymAccessLabels, type Hotel } from '@reproute/contracts';
import { useHotelApproval, usePendingHotelPages } from '@/api/admin';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/Field';
import { toast } from '@/store/toast';
import { adminFilterDelayMs } from './adminHotelQuery';

/**
 * Provider listings awaiting review (ruling 5): approve makes one public and emails its provider.
 * The catalog filters and pages the queue; the cards grow a page at a time with "Show more listings".
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
  const [reasons, setReasons] = useState<Record<number, string>>({});

  const decide = async (hotel: Hotel, isApproved: boolean) => {
    try {
      await approval.mutateAsync({ id: hotel.id, decision: { isApproved, reason: isApproved ? undefined : reasons[hotel.id] } });
      toast({ title: isApproved ? 'Listing Approved' : 'Listing Rejected', description: isApproved ? `${hotel.name} is now live.` : `${hotel.name} was sent back to its provider.` });
    } catch {
      toast({ title: 'Error', description: 'Failed to update listing. Please try again.', variant: 'destructive' });
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
          <li key={hotel.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="pending-listing">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="text-lg font-bold text-slate-900">{hotel.name}</h3>
              <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-800">Pending Review</span>
            </div>
            <p className="mt-1 text-sm text-slate-600">{[hotel.address, hotel.city, hotel.country].filter(Boolean).join(' · ')}</p>
            <p className="mt-2 line-clamp-3 text-sm text-slate-700">{hotel.description || 'No description.'}</p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">Price</dt>
                <dd className="font-semibold text-slate-900">{formatPrice(hotel.pricePerNight ?? hotel.price, hotel.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Gym</dt>
                <dd className="font-semibold text-slate-900">{gymAccessLabels[hotel.gymAccessType]}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-slate-600">Provider</dt>
                <dd className="font-semibold break-all text-slate-900">{hotel.providerEmail || hotel.contactEmail || '--'}</dd>
              </div>
            </dl>
            <label className="mt-4 block text-sm font-medium text-slate-800" htmlFor={`reason-${hotel.id}`}>
              Reason if rejected (optional, sent to the provider)
            </label>
            <input
              id={`reason-${hotel.id}`}
              className={`${inputClass} mt-1.5`}
              value={reasons[hotel.id] ?? ''}
              onChange={(e) => setReasons((r) => ({ ...r, [hotel.id]: e.target.value }))}
              maxLength={1000}
            />
            <div className="mt-4 flex flex-wrap gap-2">
              <Button size="sm" className="bg-emerald-700 shadow-none hover:bg-emerald-800" disabled={approval.isPending} onClick={() => void decide(hotel, true)} aria-label={`Approve ${hotel.name}`}>
                <Check aria-hidden className="h-4 w-4" /> Approve
              </Button>
              <Button size="sm" variant="destructive" disabled={approval.isPending} onClick={() => void decide(hotel, false)} aria-label={`Reject ${hotel.name}`}>
                <X aria-hidden className="h-4 w-4" /> Reject
              </Button>
              <Button asChild size="sm" variant="ghost">
                <Link to={`/hotels/${hotel.id}`}>
                  <ExternalLink aria-hidden className="h-4 w-4" /> Preview
                </Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {pending.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={pending.isFetchingNextPage} onClick={() => void pending.fetchNextPage()}>
            {pending.isFetchingNextPage ? 'Loading listings...' : 'Show more listings'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
