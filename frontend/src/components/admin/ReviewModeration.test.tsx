import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminReview, AdminReviewPage } from '@reproute/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { ReviewModeration } from './ReviewModeration';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const review: AdminReview = {
  id: '4a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f',
  hotelId: 3,
  hotelName: 'Summit SoHo Athletic House',
  user: { id: '9a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f', firstName: 'Rhea', lastName: 'Tester', email: 'rhea@example.com', registeredAt: null, reviewCount: 3 },
  rating: 4,
  gymRating: 5,
  title: 'Great racks',
  content: 'Two racks and <script>alert(1)</script> heavy bells.',
  travelType: 'fitness',
  roomType: 'King',
  stayDate: '2026-09',
  pros: ['racks', 'platform'],
  cons: ['cold sauna'],
  tags: ['gym-focused-stay'],
  isApproved: null,
  createdAt: '2026-11-01T10:00:00Z',
  reply: null,
  rejectionReason: null,
  moderatedAt: null,
  moderatedBy: null,
  verifiedStay: true,
  gymScores: { equipment: 5, space: null, cleanliness: 4, crowding: null },
  trainedHour: 7,
  trainedBand: 'early',
  trainedKinds: ['strength', 'cardio'],
  photos: [{ id: '6c7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f', src: '/images/review-photos/0123456789abcdef0123456789abcdef-800.webp', srcSet: '/images/review-photos/0123456789abcdef0123456789abcdef-400.webp 400w', width: 1200, height: 900 }],
};
const second: AdminReview = { ...review, id: '5b7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f', title: 'Small gym', user: { ...review.user, firstName: 'Sam' } };
const page = (items: AdminReview[]): AdminReviewPage => ({ items, total: items.length, page: 1, pageSize: 25 });
const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

describe('ReviewModeration', () => {
  it("shows the review's fields and facts and disables both buttons while a request runs", async () => {
    let answerModeration: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string) => {
      if (url.startsWith('/api/admin/reviews?')) return json(page([review]));
      return new Promise<Response>((resolve) => (answerModeration = resolve));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ReviewModeration />);

    expect(await screen.findByText('Summit SoHo Athletic House')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/reviews?status=pending&sort=newest&page=1&pageSize=25');
    expect(screen.getByText('by Rhea Tester')).toBeTruthy();
    expect(screen.getByText('(Gym: 5/5)')).toBeTruthy();
    // Moderators see which reviews are verified stays.
    expect(screen.getByTestId('verified-stay').textContent).toBe('Verified stay');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('gym focused stay')).toBeTruthy();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    const facts = within(screen.getByTestId('review-facts'));
    expect(facts.getByText('September 2026')).toBeTruthy();
    expect(facts.getByText('Fitness')).toBeTruthy();
    expect(facts.getByText('King')).toBeTruthy();
    expect(facts.getByText('racks, platform')).toBeTruthy();
    expect(facts.getByText('cold sauna')).toBeTruthy();
    expect(facts.getByText('rhea@example.com')).toBeTruthy();
    expect(facts.getByText('Account age not known · 3 reviews')).toBeTruthy();
    // The gym's details and the photos waiting with the review.
    expect(facts.getByText('Equipment 5/5, Cleanliness 4/5')).toBeTruthy();
    expect(facts.getByText('Trained at 07:00 · Strength, Cardio')).toBeTruthy();
    expect(within(screen.getByTestId('admin-review-photos')).getByRole('button', { name: /photo 1 of 1 by Rhea Tester/ })).toBeTruthy();

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

  it('rejects with a reason: none chosen is refused, "Other" sends the words typed', async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => (url.startsWith('/api/admin/reviews?') ? json(page([review])) : json({ ...review, isApproved: false })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ReviewModeration />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject review' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(await within(dialog).findByText('Please give a reason for rejecting')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/approve'))).toBe(false);

    fireEvent.click(within(dialog).getByLabelText('Other (write the reason)'));
    fireEvent.change(within(dialog).getByLabelText('Reason for the reviewer'), { target: { value: '  Please describe your own stay.  ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/approve'))).toBe(true));
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/approve'))!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ isApproved: false, reason: 'Please describe your own stay.' });
    expect(await screen.findByText('Review updated!')).toBeTruthy();
  });

  it('selects all on the page and rejects them in one call with the chosen reason', async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
      url.startsWith('/api/admin/reviews?') ? json(page([review, second])) : json({ decided: 2, unchanged: 0, reviews: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ReviewModeration />);
    const rejectSelected = (await screen.findByRole('button', { name: 'Reject selected' })) as HTMLButtonElement;
    expect(rejectSelected.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    fireEvent.click(rejectSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 reviews' });
    fireEvent.click(within(dialog).getByLabelText('The review is advertising or spam.'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject 2 reviews' }));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/reviews/bulk')).toBe(true));
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/admin/reviews/bulk')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ reviewIds: [review.id, second.id], decision: 'reject', reason: 'The review is advertising or spam.' });
    expect(await screen.findByText('2 reviews updated!')).toBeTruthy();
  });

  it('sends filters to the server and starts again at page 1', async () => {
    const fetchMock = vi.fn((_url: string) => json({ ...page([review]), total: 30 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ReviewModeration />);
    fireEvent.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).toContain('page=2'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '2' } });
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/admin/reviews?status=rejected&rating=2&sort=newest&page=1&pageSize=25'));
    fireEvent.click(screen.getByRole('button', { name: 'Only this hotel: Summit SoHo Athletic House' }));
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/admin/reviews?status=rejected&hotelId=3&rating=2&sort=newest&page=1&pageSize=25'));
    expect(screen.getByTestId('hotel-filter').textContent).toContain('Summit SoHo Athletic House #3');
    fireEvent.click(screen.getByRole('button', { name: "Show every hotel's reviews, not only Summit SoHo Athletic House's" }));
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).not.toContain('hotelId'));
  });

  it('says so when nothing is pending', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(page([]))));
    renderWithApp(<ReviewModeration />);
    expect(await screen.findByText('No pending reviews')).toBeTruthy();
    expect(screen.getByText('All reviews have been moderated.')).toBeTruthy();
  });
});

describe('ReviewModeration search text and selection', () => {
  it('applies typed text with the next filter, so the delayed search cannot clear a selection made after it', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string) => {
      urls.push(url);
      return json(page([review, second]));
    }));
    renderWithApp(<ReviewModeration />);
    expect(await screen.findByText('Great racks')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search reviews'), { target: { value: 'racks' } });
    // Another filter and a selection, both before the search's delay has passed: the typed text went
    // with the filter, and the delayed search then finds nothing new to do.
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    await waitFor(() => expect(urls.at(-1)).toContain('q=racks'));
    expect(urls.at(-1)).toContain('rating=4');
  });

  it('keeps a selection made before the delayed search starts for the reviews the search still shows, and only those', async () => {
    vi.stubGlobal('fetch', vi.fn((url: string) => json(page(url.includes('q=racks') ? [review] : [review, second]))));
    renderWithApp(<ReviewModeration />);
    expect(await screen.findByText('Great racks')).toBeTruthy();

    // Typed, then everything on screen selected before the search's delay has passed.
    fireEvent.change(screen.getByLabelText('Search reviews'), { target: { value: 'racks' } });
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    // The search's answer shows one of the two: the selection keeps that one.
    await waitFor(() => expect(screen.queryByText('Small gym')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('1 selected'));
    expect((screen.getByRole('button', { name: 'Reject selected' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

/** The router's query string, and Back, beside the tab. */
function WithUrl() {
  const navigate = useNavigate();
  return (
    <>
      <ReviewModeration />
      <output data-testid="search">{useLocation().search}</output>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}
const search = () => screen.getByTestId('search').textContent;

describe('ReviewModeration filters in the URL', () => {
  it("keeps every filter in its own parameters, leaving the hotel table's q, status and page alone", async () => {
    vi.stubGlobal('fetch', vi.fn(() => json({ ...page([review]), total: 30 })));
    renderWithApp(<WithUrl />, { route: '/admin?q=palace&status=approved&page=2' });
    fireEvent.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() => expect(search()).toBe('?q=palace&status=approved&page=2&rpage=2'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    expect(search()).toBe('?q=palace&status=approved&page=2&rstatus=rejected');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'oldest' } });
    fireEvent.change(screen.getByLabelText('Written from'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Only this hotel: Summit SoHo Athletic House' }));
    expect(search()).toBe('?q=palace&status=approved&page=2&rstatus=rejected&rsort=oldest&rfrom=2026-11-01&rhotel=3');
    // Back undoes the last filter.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(search()).toBe('?q=palace&status=approved&page=2&rstatus=rejected&rsort=oldest&rfrom=2026-11-01');
  });

  it('opens with the filters of the URL, and names the hotel from its reviews', async () => {
    const fetchMock = vi.fn((_url: string) => json(page([review])));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<WithUrl />, { route: '/admin?rstatus=all&rhotel=3&rrating=4&rq=racks&rsort=rating-high&rpage=2' });
    await waitFor(() => expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/reviews?status=all&hotelId=3&rating=4&q=racks&sort=rating-high&page=2&pageSize=25'));
    expect((screen.getByLabelText('Search reviews') as HTMLInputElement).value).toBe('racks');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('all');
    await waitFor(() => expect(screen.getByTestId('hotel-filter').textContent).toContain('Summit SoHo Athletic House #3'));
  });

  it('puts typed text in rq after the pause, in place of the current entry', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(page([review]))));
    renderWithApp(<WithUrl />, { route: '/admin?tab=reviews' });
    expect(await screen.findByText('Great racks')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Search reviews'), { target: { value: ' racks ' } });
    await waitFor(() => expect(search()).toBe('?tab=reviews&rrating=4&rq=racks'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(search()).toBe('?tab=reviews');
  });
});
