import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { leadRequest } from '@reproute/contracts';
import { BookingDialog } from './BookingDialog';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';
import { signedIn, signedOut } from '@/store/session';
import type { User } from '@/api/types';
import { addDays, chosenStay, isoDate } from '@/lib/booking';

const traveller = { id: '11111111-1111-4111-8111-111111111111', email: 'tess@example.com', firstName: 'Tess', lastName: 'Walker', emailVerified: true } as User;
const inDays = (n: number) => isoDate(addDays(new Date(), n));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signedOut();
});

/** Answers every call 201 and keeps each body by URL; `open` does nothing. */
function recordCalls() {
  const bodies: Record<string, Record<string, unknown>> = {};
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      bodies[url] = JSON.parse(String(init?.body ?? '{}'));
      return new Response('{"id":"x"}', { status: 201 });
    }),
  );
  vi.stubGlobal('open', vi.fn(() => null));
  return { bodies, calls };
}

async function pressBookNow() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await vi.advanceTimersByTimeAsync(50);
  });
}

const shareBox = () => screen.queryByRole('checkbox', { name: `Share my name and email with ${hotelFixture().name} so they can contact me` }) as HTMLInputElement | null;

describe('BookingDialog', () => {
  it('shows the outgoing URL with the ruling 11 parameters, and no dates or guests nobody chose', () => {
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect(url.origin + url.pathname).toBe('https://book.example.com/iron');
    expect(url.searchParams.get('ref')).toMatch(/^RR_12_\d+$/);
    expect([...url.searchParams.keys()]).toEqual(['ref']);
    expect((screen.getByLabelText('Check-in') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Check-out') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Adults') as HTMLInputElement).value).toBe('');
  });

  it('Copy URL reads "Copied!" for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy URL' }));
    });
    expect(writeText).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2001);
    });
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeTruthy();
  });

  it('a visitor: only the referral click is sent before the link opens, even when it fails; closes after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response('{"message":"down"}', { status: 503 });
      }),
    );
    const open = vi.fn((url: string) => {
      calls.push(`open ${url}`);
      return null;
    });
    vi.stubGlobal('open', open);
    const onOpenChange = vi.fn();
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={onOpenChange} />);
    // Visitors see nothing about sharing.
    expect(shareBox()).toBeNull();
    expect(screen.queryByTestId('lead-sharing-notice')).toBeNull();
    const book = screen.getByRole('button', { name: 'Book Now' });
    await act(async () => {
      fireEvent.click(book);
    });
    expect((book as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(calls[0]).toBe('/api/referral-clicks');
    expect(calls[1]).toMatch(/^open https:\/\/book\.example\.com\/iron\?/);
    expect(calls).not.toContain('/api/leads');
    expect(open).toHaveBeenCalledWith(expect.stringContaining('ref=RR_12_'), '_blank', 'noopener,noreferrer');
    expect(onOpenChange).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1001);
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a verified traveller sees the share box unticked; left so, no lead is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = recordCalls();
    signedIn(traveller);
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    expect(shareBox()!.checked).toBe(false);
    expect(screen.getByTestId('lead-sharing-notice').textContent).toContain('Left unticked, RepRoute sends The Iron Palace nothing about you');
    expect(screen.queryByTestId('lead-shared-details')).toBeNull();
    await pressBookNow();
    expect(calls).toEqual(['/api/referral-clicks']);
  });

  it('ticked: the dialog says exactly what the hotel is emailed, and the lead carries it with shareContact: true', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bodies } = recordCalls();
    signedIn(traveller);
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    const ref = new URL(screen.getByTestId('booking-url').textContent ?? '').searchParams.get('ref');
    fireEvent.click(shareBox()!);
    expect(shareBox()!.checked).toBe(true);
    const details = () => [...screen.getByTestId('lead-shared-details').querySelectorAll('dt, dd')].map((el) => el.textContent);
    // No dates or guests chosen: none listed, none sent.
    expect(details()).toEqual(['Name', 'Tess Walker', 'Email', 'tess@example.com', 'Booking reference', ref]);
    fireEvent.change(screen.getByLabelText('Adults'), { target: { value: '3' } });
    expect(details()).toEqual(['Name', 'Tess Walker', 'Email', 'tess@example.com', 'Guests', '3', 'Booking reference', ref]);
    await pressBookNow();
    expect(bodies['/api/leads']).toEqual({
      shareContact: true, hotelId: 12, userId: traveller.id, name: 'Tess Walker', email: 'tess@example.com', checkInDate: null, checkOutDate: null, guests: 3, referralId: ref,
    });
    expect(leadRequest.safeParse(bodies['/api/leads']).success).toBe(true);
    expect(bodies['/api/referral-clicks']).toMatchObject({ searchParams: { checkIn: null, checkOut: null, guests: 3 } });
  });

  it('unticking again sends no lead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = recordCalls();
    signedIn(traveller);
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    fireEvent.click(shareBox()!);
    fireEvent.click(shareBox()!);
    await pressBookNow();
    expect(calls).toEqual(['/api/referral-clicks']);
  });

  it('a traveller whose email is not verified is told why they cannot share, has no box, and sends no lead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = recordCalls();
    signedIn({ ...traveller, emailVerified: false });
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    expect(shareBox()).toBeNull();
    expect(screen.queryByTestId('lead-sharing-notice')).toBeNull();
    const notice = screen.getByTestId('lead-unverified-notice');
    expect(notice.textContent).toContain("Your email address isn't verified yet, so you can't share your name and email with The Iron Palace");
    expect(notice.textContent).toContain('tess@example.com');
    await pressBookNow();
    expect(calls).toEqual(['/api/referral-clicks']);
  });

  it('uses the dates and guests chosen in the search (the URL) in the link, the click and a shared lead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bodies } = recordCalls();
    signedIn(traveller);
    const checkIn = inDays(10);
    const checkOut = inDays(14);
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />, { route: `/hotels/the-iron-palace?checkIn=${checkIn}&checkOut=${checkOut}&adults=3` });
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect([url.searchParams.get('checkIn'), url.searchParams.get('checkOut'), url.searchParams.get('adults')]).toEqual([checkIn, checkOut, '3']);
    expect((screen.getByLabelText('Check-in') as HTMLInputElement).value).toBe(checkIn);
    fireEvent.click(shareBox()!);
    expect(screen.getByTestId('lead-shared-details').textContent).toContain(`Check-in${checkIn}Check-out${checkOut}Guests3`);
    await pressBookNow();
    expect(bodies['/api/leads']).toMatchObject({ checkInDate: checkIn, checkOutDate: checkOut, guests: 3 });
    expect(bodies['/api/referral-clicks']).toMatchObject({ searchParams: { checkIn, checkOut, guests: 3 } });
  });

  it('invents nothing when the URL\'s dates are unusable: no dates, no guests', () => {
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />, { route: '/hotels/the-iron-palace?checkIn=2020-01-05&checkOut=2020-01-01&adults=40' });
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect([...url.searchParams.keys()]).toEqual(['ref']);
  });

  it('dates typed in the dialog travel as a valid pair only, with the reason shown otherwise', () => {
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: inDays(5) } });
    expect(screen.getByText('Choose a check-out date as well.')).toBeTruthy();
    expect(new URL(screen.getByTestId('booking-url').textContent ?? '').searchParams.has('checkIn')).toBe(false);
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: inDays(7) } });
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect([url.searchParams.get('checkIn'), url.searchParams.get('checkOut'), url.searchParams.has('adults')]).toEqual([inDays(5), inDays(7), false]);
  });
});

describe('chosenStay', () => {
  it('keeps what was chosen and valid, and nothing else', () => {
    const later = (n: number) => isoDate(addDays(new Date(), n));
    expect(chosenStay({ checkIn: '', checkOut: '', adults: '' })).toMatchObject({ checkIn: null, checkOut: null, adults: null, errors: {} });
    expect(chosenStay({ checkIn: later(3), checkOut: later(5), adults: '2' })).toMatchObject({ checkIn: later(3), checkOut: later(5), adults: 2, errors: {} });
    expect(chosenStay({ checkIn: later(5), checkOut: later(3), adults: '' })).toMatchObject({ checkIn: null, checkOut: null, errors: { checkOut: 'Check-out must be after check-in.' } });
    expect(chosenStay({ checkIn: '', checkOut: '', adults: '99' })).toMatchObject({ adults: null, errors: { adults: 'Guests must be a whole number from 1 to 16.' } });
  });
});
