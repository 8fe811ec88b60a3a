import { useEffect, useMemo, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Copy, ExternalLink, Loader2, X } from 'lucide-react';
import { Button } from './ui/Button';
import { inputClass } from './ui/Field';
import type { Hotel } from '@/api/types';
import { trackBookingRedirect } from '@/api/referrals';
import { useSearchParams } from 'react-router-dom';
import { buildBookingUrl, defaultStay, referralId } from '@/lib/booking';
import { MAX_GUESTS, readStay } from '@/lib/searchParams';
import { bookingTarget, hotelPriceLabel } from '@/lib/hotel';
import { analytics } from '@/lib/analytics';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';
import { UnverifiedEmailNotice } from './VerifyEmailNotice';

export const COPIED_MS = 2000;
export const CLOSE_AFTER_REDIRECT_MS = 1000;

export interface BookingDialogProps {
  hotel: Hotel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Shows the outgoing booking URL, copies it, and sends the traveller to the booking partner. */
export function BookingDialog({ hotel, open, onOpenChange }: BookingDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          {open ? <BookingDialogBody hotel={hotel} onClose={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BookingDialogBody({ hotel, onClose }: { hotel: Hotel; onClose: () => void }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  // The dates and guests chosen in the search (from the URL) win over the defaults.
  const [stay, setStay] = useState(() => {
    const chosen = readStay(params);
    const fallback = defaultStay();
    return {
      checkIn: chosen.checkIn ?? fallback.checkIn,
      checkOut: chosen.checkOut ?? fallback.checkOut,
      adults: chosen.adults ?? fallback.adults,
    };
  });
  const [timestamp] = useState(() => Date.now());
  const [copied, setCopied] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const target = bookingTarget(hotel);
  const outgoingUrl = useMemo(
    () =>
      target
        ? buildBookingUrl({ bookingUrl: target, hotelId: hotel.id, checkIn: stay.checkIn, checkOut: stay.checkOut, adults: stay.adults, signedIn: Boolean(user), timestamp })
        : '',
    [target, hotel.id, stay, user, timestamp],
  );
  const price = hotelPriceLabel(hotel);
  const accountName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || null : null;

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(outgoingUrl);
      setCopied(true);
      toast({ title: 'URL copied', description: 'The booking link is on your clipboard.' });
      analytics().interaction('copy_booking_url', `hotel:${hotel.id}`);
      timers.current.push(window.setTimeout(() => setCopied(false), COPIED_MS));
    } catch {
      toast({ title: 'Copy failed', description: 'Unable to copy URL. Please copy it manually.', variant: 'destructive' });
    }
  };

  const bookNow = async () => {
    if (!target) {
      toast({ title: 'Booking Unavailable', description: 'Booking link not available for this hotel.', variant: 'destructive' });
      return;
    }
    setRedirecting(true);
    toast({ title: 'Redirecting to booking', description: `Opening the booking page for ${hotel.name}.` });
    analytics().conversion('booking_redirect', { hotelId: hotel.id, value: outgoingUrl });
    await trackBookingRedirect(
      {
        hotelName: hotel.name,
        bookingUrl: outgoingUrl,
        timestamp: new Date().toISOString(),
        searchParams: { checkIn: stay.checkIn || null, checkOut: stay.checkOut || null, guests: stay.adults || null },
        hotelId: hotel.id,
      },
      {
        hotelId: hotel.id,
        userId: user?.id ?? null,
        // The server takes name and email from a verified account only; an unverified one sends none.
        name: user?.emailVerified ? accountName : null,
        email: user?.emailVerified ? user.email : null,
        checkInDate: stay.checkIn || null,
        checkOutDate: stay.checkOut || null,
        guests: stay.adults || null,
        referralId: referralId(hotel.id, timestamp),
      },
    );
    window.open(outgoingUrl, '_blank', 'noopener,noreferrer');
    timers.current.push(window.setTimeout(onClose, CLOSE_AFTER_REDIRECT_MS));
  };

  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <Dialog.Title className="font-display text-xl font-bold text-slate-900">Book {hotel.name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            You book directly with the hotel's booking partner. We never charge you.{price ? ` From ${price} per night.` : ''}
          </Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <button type="button" aria-label="Close" className="rounded-full p-2 text-slate-500 hover:bg-slate-100">
            <X aria-hidden className="h-5 w-5" />
          </button>
        </Dialog.Close>
      </div>

      <div className="mt-5 grid grid-cols-2 gap-3">
        <label className="text-sm font-medium text-slate-800">
          Check-in
          <input
            type="date"
            className={`${inputClass} mt-1.5`}
            value={stay.checkIn}
            onChange={(e) => setStay((s) => ({ ...s, checkIn: e.target.value }))}
          />
        </label>
        <label className="text-sm font-medium text-slate-800">
          Check-out
          <input
            type="date"
            className={`${inputClass} mt-1.5`}
            value={stay.checkOut}
            min={stay.checkIn}
            onChange={(e) => setStay((s) => ({ ...s, checkOut: e.target.value }))}
          />
        </label>
        <label className="col-span-2 text-sm font-medium text-slate-800">
          Adults
          <input
            type="number"
            min={1}
            max={MAX_GUESTS}
            className={`${inputClass} mt-1.5`}
            value={stay.adults}
            onChange={(e) => setStay((s) => ({ ...s, adults: Math.max(1, Math.min(MAX_GUESTS, Number(e.target.value) || 1)) }))}
          />
        </label>
      </div>

      <div className="mt-5">
        <p id="booking-url-label" className="text-sm font-medium text-slate-800">
          Booking link
        </p>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-start">
          <output
            aria-labelledby="booking-url-label"
            data-testid="booking-url"
            className="block min-w-0 flex-1 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs leading-relaxed break-all text-slate-700 select-all"
          >
            {outgoingUrl || 'Booking link not available for this hotel.'}
          </output>
          <Button variant="outline" onClick={() => void copyUrl()} disabled={!outgoingUrl} className="shrink-0">
            {copied ? <Check aria-hidden className="h-4 w-4 text-emerald-600" /> : <Copy aria-hidden className="h-4 w-4" />}
            {copied ? 'Copied!' : 'Copy URL'}
          </Button>
        </div>
      </div>

      {user && target && !user.emailVerified ? (
        <UnverifiedEmailNotice className="mt-5" testId="lead-unverified-notice">
          <p>
            Your email address isn't verified yet, so {hotel.name} won't receive your name or email with this booking request. Open the link we sent to{' '}
            <span className="break-all">{user.email}</span> to share them next time.
          </p>
        </UnverifiedEmailNotice>
      ) : user && target ? (
        <p data-testid="lead-sharing-notice" className="mt-5 rounded-xl border border-blue-200 bg-blue-50 px-3 py-2.5 text-sm text-slate-800">
          When you press Book Now, your name and email ({[accountName, user.email].filter(Boolean).join(', ')}) will be shared with {hotel.name} so
          the hotel can follow up on your booking.
        </p>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="ghost">Cancel</Button>
        </Dialog.Close>
        <Button onClick={() => void bookNow()} disabled={redirecting} aria-busy={redirecting}>
          {redirecting ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <ExternalLink aria-hidden className="h-4 w-4" />}
          Book Now
        </Button>
      </div>
    </>
  );
}
