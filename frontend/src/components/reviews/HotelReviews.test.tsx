import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { verifiedStayMeaning, type ReviewAnswer } from '@reproute/contracts';
import { HotelReviews } from './HotelReviews';
import { renderWithApp } from '@/test/render';
import { signedIn, signedOut } from '@/store/session';
import type { User } from '@/api/types';

const owner = { id: '22222222-2222-4222-8222-222222222222', email: 'owner@example.com', firstName: 'Olive', isProvider: true } as User;
const review = (overrides: Partial<ReviewAnswer> = {}): ReviewAnswer => ({
  id: '33333333-3333-4333-8333-333333333333',
  hotelId: 7,
  rating: 4,
  gymRating: 5,
  title: 'Great racks',
  content: 'Two squat racks and dumbbells to 50 kg.',
  travelType: 'fitness',
  roomType: null,
  stayDate: '2026-08',
  pros: [],
  cons: [],
  tags: [],
  isApproved: true,
  reviewer: { firstName: 'Remy', lastInitial: 'R' },
  createdAt: '2026-09-01T10:00:00.000Z',
  reply: null,
  verifiedStay: false,
  gymScores: { equipment: null, space: null, cleanliness: null, crowding: null },
  trainedHour: null,
  trainedBand: null,
  trainedKinds: [],
  photos: [],
  ...overrides,
});

function stubReviews(list: ReviewAnswer[], onSend?: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      if ((init.method ?? 'GET') === 'GET') return new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } });
      return onSend?.(url, init) ?? new Response('{}', { status: 201 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  signedOut();
});

describe('HotelReviews: Verified stay', () => {
  it('marks only the reviews whose author RepRoute sent to the hotel, and says what the mark means', async () => {
    stubReviews([review({ id: 'a', title: 'Sent by RepRoute', verifiedStay: true }), review({ id: 'b', title: 'Came on my own' })]);
    renderWithApp(<HotelReviews hotelId={7} />);
    const items = await screen.findAllByTestId('hotel-review');
    expect(items).toHaveLength(2);
    const [sent, own] = items as [HTMLElement, HTMLElement];
    expect(sent.querySelector('[data-testid="verified-stay"]')?.textContent).toBe(`Verified stay: ${verifiedStayMeaning}`);
    expect(sent.querySelector('[data-testid="verified-stay"]')?.getAttribute('title')).toBe(verifiedStayMeaning);
    expect(own.querySelector('[data-testid="verified-stay"]')).toBeNull();
  });
});

describe('HotelReviews replies', () => {
  it('shows the hotel\'s reply under the review, as text, with its date', async () => {
    stubReviews([review({ reply: { text: 'Thanks <b>Remy</b>!', createdAt: '2026-09-03T10:00:00.000Z', updatedAt: '2026-09-03T10:00:00.000Z' } })]);
    renderWithApp(<HotelReviews hotelId={7} ownerId={owner.id} />);
    const reply = await screen.findByTestId('review-reply');
    expect(reply.textContent).toContain('Response from the hotel');
    expect(reply.textContent).toContain('September 3, 2026');
    expect(reply.textContent).toContain('Thanks <b>Remy</b>!');
    expect(screen.queryByRole('button', { name: /Reply/ })).toBeNull();
  });

  it('gives the owner a Reply action that checks the text and sends it trimmed', async () => {
    const calls = stubReviews([review()]);
    signedIn(owner);
    renderWithApp(<HotelReviews hotelId={7} ownerId={owner.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText('Please write a reply')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your reply as the hotel'), { target: { value: '  See you in May!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.init.method === 'POST')!;
    expect(sent.url).toBe('/api/reviews/33333333-3333-4333-8333-333333333333/reply');
    expect(JSON.parse(String(sent.init.body))).toEqual({ text: 'See you in May!' });
  });

  it('offers Edit reply (PUT) when the owner has replied, and nothing to other providers', async () => {
    const replied = review({ reply: { text: 'Thanks!', createdAt: '2026-09-03T10:00:00.000Z', updatedAt: '2026-09-04T10:00:00.000Z' } });
    const calls = stubReviews([replied], () => new Response(JSON.stringify(replied), { status: 200 }));
    signedIn(owner);
    renderWithApp(<HotelReviews hotelId={7} ownerId={owner.id} />);
    expect((await screen.findByTestId('review-reply')).textContent).toContain('(edited)');
    fireEvent.click(screen.getByRole('button', { name: 'Edit reply' }));
    expect((screen.getByLabelText('Edit your reply') as HTMLTextAreaElement).value).toBe('Thanks!');
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true));

    signedIn({ ...owner, id: '44444444-4444-4444-8444-444444444444' });
    renderWithApp(<HotelReviews hotelId={7} ownerId={owner.id} />);
    await waitFor(() => expect(screen.getAllByTestId('hotel-review').length).toBeGreaterThan(0));
    expect(screen.queryAllByRole('button', { name: /Edit reply|^Reply$/ })).toHaveLength(0);
  });
});
