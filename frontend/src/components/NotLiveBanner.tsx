import { EyeOff } from 'lucide-react';
import type { Hotel } from '@reproute/contracts';
import { Container } from '@/components/ui/Misc';

/**
 * On a listing that is not live (only its provider and admins can open it): says travellers cannot see it, and why
 * (in review, or not approved), so a preview is never mistaken for the public page.
 */
export function NotLiveBanner({ hotel }: { hotel: Pick<Hotel, 'status'> }) {
  if (hotel.status === 'approved') return null;
  const rejected = hotel.status === 'rejected';
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-100 text-amber-950" data-testid="not-live-banner">
      <Container className="flex items-start gap-2.5 py-3 text-sm sm:items-center">
        <EyeOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0 sm:mt-0" />
        <p>
          <span className="font-bold">Not live yet.</span>{' '}
          {rejected ? 'This listing was not approved, so travellers cannot see it. This is a preview.' : 'This listing is awaiting review, so travellers cannot see it. This is a preview.'}
        </p>
      </Container>
    </div>
  );
}
