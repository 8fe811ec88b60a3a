import { Link } from 'react-router-dom';
import { Eye, MousePointerClick, Pencil, Star, Trash2, Users } from 'lucide-react';
import { formatPrice, previewText, type Hotel } from '@reproute/contracts';
import { HotelImage } from '@/components/HotelImage';
import { Button } from '@/components/ui/Button';
import { ListingStatusBadge } from './ListingStatusBadge';
import { gymAccessLabel, primaryImage, ratingLabel } from '@/lib/hotel';
import type { ListingFigures } from '@/pages/provider/dashboardFigures';
import { timeAgo } from '@/lib/gymFreshness';

/** Approved, Pending Review, or Rejected (ruling 5: an admin may turn a listing down). */
interface ListingCardProps {
  hotel: Hotel;
  figures: ListingFigures;
  onDelete: (hotel: Hotel) => void;
}

/** One of the provider's listings: status, essentials, its traffic, and view / edit / delete. */
export function ListingCard({ hotel, figures, onDelete }: ListingCardProps) {
  const price = hotel.pricePerNight ?? hotel.price;
  const rating = ratingLabel(hotel.rating);
  return (
    <article aria-labelledby={`listing-${hotel.id}`} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row" data-testid="listing-card">
      <HotelImage src={primaryImage(hotel)} alt="" ratio="16 / 10" sizes="(min-width: 640px) 224px, 100vw" wrapperClassName="sm:w-56 sm:shrink-0 sm:aspect-auto!" />
      <div className="flex min-w-0 flex-1 flex-col p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={`listing-${hotel.id}`} className="text-lg font-bold text-slate-900">
            {hotel.name}
          </h3>
          <ListingStatusBadge hotel={hotel} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{hotel.address || 'No address'}</p>
        {hotel.status === 'rejected' && hotel.rejectionReason ? (
          <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Reason: {hotel.rejectionReason}</p>
        ) : null}
        {hotel.pendingRevision?.status === 'rejected' ? (
          <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm [overflow-wrap:anywhere] text-red-800" data-testid="rejected-changes">
            Your changes were not approved. Reason: {hotel.pendingRevision.rejectionReason}
          </p>
        ) : hotel.pendingRevision ? (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Changes awaiting review.</p>
        ) : null}
        <GymFactsNotice hotel={hotel} />
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{previewText(hotel.description, 160) || 'No description yet.'}</p>
        <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1">
            <dt className="sr-only">Price per night</dt>
            <dd>
              <span className="font-semibold text-slate-900">{formatPrice(price, hotel.currency)}</span> / night
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">Rating</dt>
            <Star aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" />
            <dd>{rating ?? 'N/A'}</dd>
          </div>
          <div>
            <dt className="sr-only">Gym access</dt>
            <dd>{gymAccessLabel(hotel.gymAccessType)}</dd>
          </div>
        </dl>
        <dl className="mt-3 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center" aria-label="Last 30 days">
          <Figure icon={<MousePointerClick aria-hidden className="h-4 w-4" />} label="Clicks" value={figures.clicks} />
          <Figure icon={<Users aria-hidden className="h-4 w-4" />} label="Leads" value={figures.leads} />
          <Figure icon={<Eye aria-hidden className="h-4 w-4" />} label="Page views" value={figures.pageViews} />
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/hotels/${hotel.id}`} aria-label={`View ${hotel.name}`}>
              <Eye aria-hidden className="h-4 w-4" /> View
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/edit-hotel/${hotel.id}`} aria-label={`Edit ${hotel.name}`}>
              <Pencil aria-hidden className="h-4 w-4" /> Edit
            </Link>
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Delete ${hotel.name}`} onClick={() => onDelete(hotel)}>
            <Trash2 aria-hidden className="h-4 w-4" /> Delete
          </Button>
        </div>
      </div>
    </article>
  );
}

function Figure({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  return (
    <div>
      <dt className="flex items-center justify-center gap-1 text-xs font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="text-lg font-bold text-slate-900">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

/**
 * A live listing whose gym facts need the hotel (docs/decisions.md, "Gym facts that say how old they are"): reports of
 * a change not yet answered, or facts confirmed over three months ago; the link opens the edit page's gym facts panel.
 */
function GymFactsNotice({ hotel }: { hotel: Hotel }) {
  const confidence = hotel.gymScoreConfidence;
  if (hotel.status !== 'approved' || !confidence) return null;
  const open = confidence.openReports;
  if (open === 0 && confidence.age === 'fresh') return null;
  const what = open > 0 ? `${open === 1 ? '1 traveller report' : `${open} traveller reports`} to answer` : `Gym facts last confirmed ${confidence.lastConfirmedAt ? timeAgo(confidence.lastConfirmedAt) : 'never'}`;
  return (
    <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="listing-gym-facts-notice">
      {what}.{' '}
      <Link to={`/edit-hotel/${hotel.id}?confirm=gym-facts#gym-facts`} className="font-semibold underline underline-offset-2">
        {open > 0 ? 'Answer or confirm the gym facts' : 'Confirm the gym facts'}
      </Link>
    </p>
  );
}
