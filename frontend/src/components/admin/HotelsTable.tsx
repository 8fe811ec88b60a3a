import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import { formatPrice, type AdminHotelSort, type AdminHotelSortKey, type Hotel, type HotelStatus } from '@reproute/contracts';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { ariaSortOf } from './adminHotelQuery';

/** Gym Access badge style: on-site default, partnered secondary, nearby outline. */
function gymAccessBadgeClass(type: string): string {
  if (type === 'partnered') return 'bg-slate-200 text-slate-800';
  if (type === 'nearby') return 'border border-slate-300 bg-white text-slate-800';
  return 'bg-slate-900 text-white';
}


interface HotelsTableProps {
  hotels: Hotel[];
  sort: AdminHotelSort;
  onSort: (key: AdminHotelSortKey) => void;
  onEdit: (hotel: Hotel) => void;
  onDelete: (hotel: Hotel) => void;
}

const statusLabels: Record<HotelStatus, string> = { approved: 'Approved', pending: 'Pending Review', rejected: 'Rejected' };
const statusClasses: Record<HotelStatus, string> = {
  approved: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-800',
  rejected: 'bg-red-100 text-red-800',
};

const createdFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A column header that sorts the table on the server; aria-sort tells assistive technology the order in force. */
function SortHeader({ label, sortKey, sort, onSort, className }: { label: string; sortKey: AdminHotelSortKey; sort: AdminHotelSort; onSort: (key: AdminHotelSortKey) => void; className?: string }) {
  const state = ariaSortOf(sort, sortKey);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={state} className={cn('px-4 py-3', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex min-h-11 items-center gap-1 rounded font-semibold tracking-wide uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        data-testid={`sort-${sortKey}`}
      >
        {label}
        <Icon aria-hidden className={cn('h-3.5 w-3.5', state === 'none' ? 'text-slate-400' : 'text-slate-900')} />
      </button>
    </th>
  );
}

/** Hotels Management: Name, Location, Gym Access, Price, Status, Owner, Created, Clicks, Actions. */
export function HotelsTable({ hotels, sort, onSort, onEdit, onDelete }: HotelsTableProps) {
  const header = { sort, onSort };
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Hotels">
      <table className="w-full min-w-[1080px] text-left text-sm" data-testid="hotels-table">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <SortHeader label="Name" sortKey="name" {...header} />
            <SortHeader label="Location" sortKey="city" {...header} />
            <th scope="col" className="px-4 py-3">Gym Access</th>
            <th scope="col" className="px-4 py-3">Price</th>
            <SortHeader label="Status" sortKey="status" {...header} />
            <th scope="col" className="px-4 py-3">Owner</th>
            <SortHeader label="Created" sortKey="created" {...header} />
            <th scope="col" className="px-4 py-3 text-right">Clicks</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {hotels.map((hotel) => (
            <tr key={hotel.id} className="align-middle text-slate-800" data-testid="admin-hotel-row">
              <td className="px-4 py-3">
                <span className="font-semibold text-slate-900">{hotel.name}</span>
                {hotel.isPremium ? <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Premium</span> : null}
              </td>
              <td className="max-w-64 px-4 py-3 text-slate-700">
                <span className="block text-slate-900">{[hotel.city, hotel.country].filter(Boolean).join(', ') || '--'}</span>
                {hotel.address ? <span className="block text-xs text-slate-600">{hotel.address}</span> : null}
              </td>
              <td className="px-4 py-3">
                <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', gymAccessBadgeClass(hotel.gymAccessType))}>{hotel.gymAccessType}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatPrice(hotel.pricePerNight ?? hotel.price, hotel.currency || 'USD')}</td>
              <td className="px-4 py-3">
                <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', statusClasses[hotel.status])} data-testid="hotel-status">
                  {statusLabels[hotel.status]}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-700">
                {/* An email is cut with an ellipsis rather than broken mid-word; the full one is in the tooltip. */}
                <span className="block max-w-52 truncate" title={hotel.providerEmail ?? hotel.providerId ?? undefined}>
                  {hotel.providerEmail ?? hotel.providerId ?? '--'}
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={hotel.createdAt}>{createdFormat.format(new Date(hotel.createdAt))}</time>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{(hotel.affiliateClicks ?? 0).toLocaleString('en-US')}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" aria-label={`Edit ${hotel.name}`} onClick={() => onEdit(hotel)}>
                    <Pencil aria-hidden className="h-4 w-4" />
                  </Button>
                  <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`Delete ${hotel.name}`} onClick={() => onDelete(hotel)}>
                    <Trash2 aria-hidden className="h-4 w-4" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
