import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PendingReview } from '@reproute/contracts';
import { ReviewModeration } from './ReviewModeration';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const review: PendingReview = {
  id: '4a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f',
  hotelId: 3,
  hotelName: 'Summit SoHo Athletic House',
  user: { firstName: 'Rhea', lastName: 'Tester' },
  rating: 4,
  gymRating: 5,
  title: 'Great racks',
  content: 'Two racks and <script>alert(1)</script> heavy bells.',
  travelType: 'fitness',
  roomType: null,
  stayDate: '2026-09',
  pros: [],
  cons: [],
  tags: ['gym-focused-stay'],
  isApproved: null,
  createdAt: '2026-11-01T10:00:00Z',
  reply: null,
};

describe('ReviewModeration', () => {
  it('shows the review fields and disables both buttons while a request runs', async () => {
    let answerModeration: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string) => {
      if (url.startsWith('/api/reviews?')) return Promise.resolve(new Response(JSON.stringify([review]), { status: 200 }));
      return new Promise<Response>((resolve) => (answerModeration = resolve));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ReviewModeration />);

    expect(await screen.findByText('Summit SoHo Athletic House')).toBeTruthy();
    expect(screen.getByText('by Rhea Tester')).toBeTruthy();
    expect(screen.getByText('(Gym: 5/5)')).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('gym focused stay')).toBeTruthy();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();

    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    const reject = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(approve);
    });
    await waitFor(() => expect(approve.disabled).toBe(true));
    expect(reject.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/reviews/${review.id}/approve`);
    expect(JSON.parse(String(init.body))).toEqual({ isApproved: true });
    await act(async () => {
      answerModeration(new Response(JSON.stringify({ ...review, isApproved: true }), { status: 200 }));
    });
    expect(await screen.findByText('Review updated!')).toBeTruthy();
  });

  it('says so when nothing is pending', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))));
    renderWithApp(<ReviewModeration />);
    expect(await screen.findByText('No pending reviews')).toBeTruthy();
    expect(screen.getByText('All reviews have been moderated.')).toBeTruthy();
  });
});
