import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { Hotel } from '@reproute/contracts';
import { Badge } from '@/components/ui/Misc';

/** Approved, Rejected or Pending Review, as the provider's listing card and edit page show it. */
export function ListingStatusBadge({ hotel }: { hotel: Pick<Hotel, 'isApproved' | 'status'> }) {
  if (hotel.isApproved) {
    return (
      <Badge tone="green">
        <CheckCircle2 aria-hidden className="h-3.5 w-3.5" /> Approved
      </Badge>
    );
  }
  if (hotel.status === 'rejected') {
    return (
      <Badge className="bg-red-100 text-red-800">
        <XCircle aria-hidden className="h-3.5 w-3.5" /> Rejected
      </Badge>
    );
  }
  return (
    <Badge tone="amber">
      <Clock aria-hidden className="h-3.5 w-3.5" /> Pending Review
    </Badge>
  );
}
