import { Pencil, Trash2 } from 'lucide-react';
import { formatPrice, type Hotel } from '@reproute/contracts';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { gymAccessBadgeClass } from './adminHotelForm';

interface HotelsTableProps {
  hotels: Hotel[];
  onEdit: (hotel: Hotel) => void;
  onDelete: (hotel: Hotel) => void;
}

/** Hotels Management: Name, Location, Gym Access, Price, Status, Clicks, Actions. */
export function HotelsTable({ hotels, onEdit, onDelete }: HotelsTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Hotels">
      <table className="w-full min-w-[880px] text-left text-sm" data-testid="hotels-table">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">Location</th>
            <th scope="col" className="px-4 py-3">Gym Access</th>
            <th scope="col" className="px-4 py-3">Price</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3 text-right">Clicks</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {hotels.map((hotel) => (
            <tr key={hotel.id} className="align-middle text-slate-800">
              <td className="px-4 py-3">
                <span className="font-semibold text-slate-900">{hotel.name}</span>
                {hotel.status !== 'approved' ? (
                  <span className={cn('ml-2 rounded-full px-2 py-0.5 text-xs font-semibold', hotel.status === 'rejected' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-800')}>
                    {hotel.status === 'rejected' ? 'Rejected' : 'Pending Review'}
                  </span>
                ) : null}
              </td>
              <td className="max-w-64 px-4 py-3 text-slate-700">{hotel.address || '--'}</td>
              <td className="px-4 py-3">
                <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', gymAccessBadgeClass(hotel.gymAccessType))}>{hotel.gymAccessType}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatPrice(hotel.pricePerNight ?? hotel.price, hotel.currency || 'USD')}</td>
              <td className="px-4 py-3">
                {hotel.isPremium ? (
                  <span className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Premium</span>
                ) : (
                  <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Standard</span>
                )}
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
