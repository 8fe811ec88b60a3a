import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { BookingDialog } from './BookingDialog';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';
import { signedIn, signedOut } from '@/store/session';
import type { User } from '@/api/types';
import { addDays, defaultStay, isoDate } from '@/lib/booking';

const traveller = { id: '11111111-1111-4111-8111-111111111111', email: 'tess@example.com', firstName: 'Tess', lastName: 'Walker', emailVerified: true } as User;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signedOut();
});

describe('BookingDialog', () => {
  it('shows the outgoing URL with the ruling 11 parameters', () => {
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect(url.origin + url.pathname).toBe('https://book.example.com/iron');
    expect(url.searchParams.get('ref')).toMatch(/^RR_12_\d+$/);
    expect(url.searchParams.get('adults')).toBe('2');
    expect(url.searchParams.get('checkIn')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.has('source')).toBe(false);
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

  it('sends the referral click and the lead before opening the link, even when they fail, then closes after 1 s', async () => {
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
    const book = screen.getByRole('button', { name: 'Book Now' });
    await act(async () => {
      fireEvent.click(book);
    });
    expect((book as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(calls.slice(0, 2).sort()).toEqual(['/api/leads', '/api/referral-clicks']);
    expect(calls[2]).toMatch(/^open https:\/\/book\.example\.com\/iron\?/);
    expect(open).toHaveBeenCalledWith(expect.stringContaining('ref=RR_12_'), '_blank', 'noopener,noreferrer');
    expect(onOpenChange).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1001);
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('tells a signed-in traveller, before they press Book Now, that their name and email go to the hotel', () => {
    signedIn(traveller);
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    const notice = screen.getByTestId('lead-sharing-notice');
    expect(notice.textContent).toContain('your name and email (Tess Walker, tess@example.com) will be shared with');
    expect(notice.textContent).toContain(hotelFixture().name);
    expect((screen.getByRole('button', { name: 'Book Now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('tells a traveller whose email is not verified that the hotel gets neither, and sends neither', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: Record<string, Record<string, unknown>> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        bodies[url] = JSON.parse(String(init?.body ?? '{}'));
        return new Response('{"id":"x"}', { status: 201 });
      }),
    );
    vi.stubGlobal('open', vi.fn(() => null));
    signedIn({ ...traveller, emailVerified: false });
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    expect(screen.queryByTestId('lead-sharing-notice')).toBeNull();
    const notice = screen.getByTestId('lead-unverified-notice');
    expect(notice.textContent).toContain("Your email address isn't verified yet, so");
    expect(notice.textContent).toContain("won't receive your name or email");
    expect(notice.textContent).toContain('tess@example.com');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(bodies['/api/leads']).toMatchObject({ hotelId: 12, userId: traveller.id, name: null, email: null });
  });

  it('shows no sharing notice to a visitor, whose lead is anonymous', () => {
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    expect(screen.queryByTestId('lead-sharing-notice')).toBeNull();
  });

  it('sends the lead with the booking link\'s referral id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: Record<string, Record<string, unknown>> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        bodies[url] = JSON.parse(String(init?.body ?? '{}'));
        return new Response('{"id":"x"}', { status: 201 });
      }),
    );
    vi.stubGlobal('open', vi.fn(() => null));
    signedIn(traveller);
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />);
    const ref = new URL(screen.getByTestId('booking-url').textContent ?? '').searchParams.get('ref');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(bodies['/api/leads']).toMatchObject({ hotelId: 12, referralId: ref, name: 'Tess Walker', email: 'tess@example.com' });
  });

  it('uses the dates and guests chosen in the search (the URL) in the link and the lead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: Record<string, Record<string, unknown>> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        bodies[url] = JSON.parse(String(init?.body ?? '{}'));
        return new Response('{"id":"x"}', { status: 201 });
      }),
    );
    vi.stubGlobal('open', vi.fn(() => null));
    const checkIn = isoDate(addDays(new Date(), 10));
    const checkOut = isoDate(addDays(new Date(), 14));
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />, { route: `/hotels/the-iron-palace?checkIn=${checkIn}&checkOut=${checkOut}&adults=3` });
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect([url.searchParams.get('checkIn'), url.searchParams.get('checkOut'), url.searchParams.get('adults')]).toEqual([checkIn, checkOut, '3']);
    expect((screen.getByLabelText('Check-in') as HTMLInputElement).value).toBe(checkIn);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(bodies['/api/leads']).toMatchObject({ checkInDate: checkIn, checkOutDate: checkOut, guests: 3 });
  });

  it('keeps its defaults when the URL\'s dates are unusable', () => {
    renderWithApp(<BookingDialog hotel={hotelFixture()} open onOpenChange={() => undefined} />, { route: '/hotels/the-iron-palace?checkIn=2020-01-05&checkOut=2020-01-01&adults=40' });
    const url = new URL(screen.getByTestId('booking-url').textContent ?? '');
    expect(url.searchParams.get('checkIn')).toBe(defaultStay().checkIn);
    expect(url.searchParams.get('adults')).toBe('2');
  });
});
