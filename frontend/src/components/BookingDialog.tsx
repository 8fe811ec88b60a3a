import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Copy, ExternalLink, Loader2, X } from 'lucide-react';
import { Button } from './ui/Button';
import { inputClass } from './ui/Field';
import type { Hotel } from '@/api/types';
import { trackBookingRedirect } from '@/api/referrals';
import { useSearchParams } from 'react-router-dom';
import { buildBookingUrl, chosenStay, referralId, type StayInput } from '@/lib/booking';
import { MAX_GUESTS, MIN_GUESTS, nightsBetween, readStay } from '@/lib/searchParams';
import { bookingTarget, nightlyPrice } from '@/lib/hotel';
import { shownPrices } from '@/lib/prices';
import { useDisplayCurrency } from '@/lib/displayPrefs';
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
  /** Where the keyboard starts: the stay's dates (Check Rates, Check Availability) or the dialog's first control (Book Now). */
  startAt?: 'dates' | 'book';
}

/** Shows the outgoing booking URL, copies it, and sends the traveller to the booking partner. */
export function BookingDialog({ hotel, open, onOpenChange, startAt = 'book' }: BookingDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            const checkIn = startAt === 'dates' ? document.getElementById('booking-checkIn') : null;
            if (!checkIn) return;
            event.preventDefault();
            checkIn.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          {open ? <BookingDialogBody hotel={hotel} onClose={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BookingDialogBody({ hotel, onClose }: { hotel: Hotel; onClose: () => void }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  // Only what the traveller chose: the dates and guests of their search (the URL), else nothing.
  const [stay, setStay] = useState<StayInput>(() => {
    const chosen = readStay(params);
    return { checkIn: chosen.checkIn ?? '', checkOut: chosen.checkOut ?? '', adults: chosen.adults === null ? '' : String(chosen.adults) };
  });
  // Sharing contact details is the traveller's choice (ruling 14): unticked until they tick it.
  const [share, setShare] = useState(false);
  const [timestamp] = useState(() => Date.now());
  const [copied, setCopied] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const target = bookingTarget(hotel);
  const sent = useMemo(() => chosenStay(stay), [stay]);
  const outgoingUrl = useMemo(
    () =>
      target
        ? buildBookingUrl({ bookingUrl: target, hotelId: hotel.id, checkIn: sent.checkIn, checkOut: sent.checkOut, adults: sent.adults, signedIn: Boolean(user), timestamp })
        : '',
    [target, hotel.id, sent, user, timestamp],
  );
  // With usable dates the stay's total (nights × nightly price); without, the nightly price only: no dates are made up.
  const shown = shownPrices(nightlyPrice(hotel), hotel.currency, nightsBetween(sent.checkIn, sent.checkOut), useDisplayCurrency());
  const price = shown.nightly?.text ?? null;
  const accountName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || null : null;
  // Only a signed-in traveller whose email is verified can share it; visitors see nothing of it.
  const canShare = Boolean(user && target && user.emailVerified);
  const sharing = canShare && share;
  const ref = referralId(hotel.id, timestamp);

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
        searchParams: { checkIn: sent.checkIn, checkOut: sent.checkOut, guests: sent.adults },
        hotelId: hotel.id,
      },
      // A lead only when the traveller ticked the box; otherwise the click alone, and the hotel is not emailed.
      sharing && user
        ? {
            shareContact: true,
            hotelId: hotel.id,
            userId: user.id,
            // The server takes name and email from the account; these are what the dialog showed.
            name: accountName,
            email: user.email,
            checkInDate: sent.checkIn,
            checkOutDate: sent.checkOut,
            guests: sent.adults,
            referralId: ref,
          }
        : null,
    );
    window.open(outgoingUrl, '_blank', 'noopener,noreferrer');
    timers.current.push(window.setTimeout(onClose, CLOSE_AFTER_REDIRECT_MS));
  };

  const stayField = (field: keyof StayInput) => (sent.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `booking-${field}-error` } : {});
  const fieldError = (field: keyof StayInput) =>
    sent.errors[field] ? (
      <span id={`booking-${field}-error`} className="mt-1 block text-xs font-normal text-red-700">
        {sent.errors[field]}
      </span>
    ) : null;
  // What the hotel's email carries, exactly (the notifier's lead email): each line only when it is sent.
  const sharedLines: [string, string][] = [
    ...(accountName ? ([['Name', accountName]] as [string, string][]) : []),
    ['Email', user?.email ?? ''],
    ...(sent.checkIn && sent.checkOut ? ([['Check-in', sent.checkIn], ['Check-out', sent.checkOut]] as [string, string][]) : []),
    ...(sent.adults !== null ? ([['Guests', String(sent.adults)]] as [string, string][]) : []),
    ['Booking reference', ref],
  ];

  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <Dialog.Title className="font-display text-xl font-bold text-slate-900">Book {hotel.name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            You book directly with the hotel's booking partner. We never charge you.
            {price && !shown.stay ? ` From ${price} per night; choose your dates to see the total for your stay.` : ''}
          </Dialog.Description>
          {shown.stay && shown.nightly ? (
            <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="booking-stay-total">
              <span className="font-bold text-slate-900">{shown.stay.text}</span> ({shown.stay.nights} × {shown.nightly.text} a night), before the partner’s taxes and fees.
              {shown.stay.note ? <span className="mt-0.5 block text-xs text-slate-600">{`${shown.stay.note}; you pay ${shown.stay.original}.`}</span> : null}
            </p>
          ) : shown.nightly?.note ? (
            <p className="mt-1 text-xs text-slate-600" data-testid="price-converted-note">
              {shown.nightly.note}
            </p>
          ) : null}
        </div>
        <Dialog.Close asChild>
          <button type="button" aria-label="Close" className="rounded-full p-2 text-slate-500 hover:bg-slate-100">
            <X aria-hidden className="h-5 w-5" />
          </button>
        </Dialog.Close>
      </div>

      <p className="mt-5 text-sm text-slate-600">Dates and guests are optional: the booking link carries only what you choose.</p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor="booking-checkIn">Check-in</label>
          <input
            id="booking-checkIn"
            type="date"
            className={`${inputClass} mt-1.5`}
            value={stay.checkIn}
            {...stayField('checkIn')}
            onChange={(e) => setStay((s) => ({ ...s, checkIn: e.target.value }))}
          />
          {fieldError('checkIn')}
        </div>
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor="booking-checkOut">Check-out</label>
          <input
            id="booking-checkOut"
            type="date"
            className={`${inputClass} mt-1.5`}
            value={stay.checkOut}
            min={stay.checkIn || undefined}
            {...stayField('checkOut')}
            onChange={(e) => setStay((s) => ({ ...s, checkOut: e.target.value }))}
          />
          {fieldError('checkOut')}
        </div>
        <div className="col-span-2 text-sm font-medium text-slate-800">
          <label htmlFor="booking-adults">Adults</label>
          <input
            id="booking-adults"
            type="number"
            inputMode="numeric"
            min={MIN_GUESTS}
            max={MAX_GUESTS}
            placeholder="Not chosen"
            className={`${inputClass} mt-1.5`}
            value={stay.adults}
            {...stayField('adults')}
            onChange={(e) => setStay((s) => ({ ...s, adults: e.target.value.trim() }))}
          />
          {fieldError('adults')}
        </div>
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
            Your email address isn't verified yet, so you can't share your name and email with {hotel.name}. Open the link we sent to{' '}
            <span className="break-all">{user.email}</span> to be able to share them next time. Booking works either way.
          </p>
        </UnverifiedEmailNotice>
      ) : canShare && user ? (
        <div data-testid="lead-sharing-notice" className="mt-5 rounded-xl border border-slate-200 bg-slate-50 px-3 py-3 text-sm text-slate-800">
          <label className="flex cursor-pointer items-start gap-3 font-medium">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              checked={share}
              onChange={(e) => setShare(e.target.checked)}
              aria-describedby="lead-sharing-detail"
            />
            <span>Share my name and email with {hotel.name} so they can contact me</span>
          </label>
          <div id="lead-sharing-detail" className="mt-2 pl-7 text-slate-700">
            {share ? (
              <>
                <p>When you press Book Now, {hotel.name} is emailed exactly this:</p>
                <dl data-testid="lead-shared-details" className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                  {sharedLines.map(([label, value]) => (
                    <Fragment key={label}>
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="font-medium break-all text-slate-900">{value}</dd>
                    </Fragment>
                  ))}
                </dl>
                <p className="mt-1.5">Replies from the hotel come to your email.</p>
              </>
            ) : (
              <p>Left unticked, RepRoute sends {hotel.name} nothing about you: the booking link above is all the booking site receives.</p>
            )}
          </div>
        </div>
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
