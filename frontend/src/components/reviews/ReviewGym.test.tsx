import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { crowdingChartMinReviews, summariseGymReviews, type ReviewAnswer } from '@reproute/contracts';
import { ReviewGymSummary } from '@/components/hotel/ReviewGymSummary';
import { ReviewGymFacts } from './ReviewGymDetails';
import { emptyReviewForm, toReviewRequest } from './reviewForm';
import { reviewFormSchema } from './reviewFormSchema';
import { crowdingChartText, trainedTimeText } from '@/lib/reviewGym';

const noScores = { equipment: null, space: null, cleanliness: null, crowding: null };
const review = (overrides: Partial<ReviewAnswer> = {}): ReviewAnswer => ({
  id: crypto.randomUUID(),
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
  gymScores: noScores,
  trainedHour: null,
  trainedBand: null,
  trainedKinds: [],
  photos: [],
  ...overrides,
});

describe('summariseGymReviews', () => {
  it('averages each sub-score once two reviews give it, and charts crowding once three say when they trained', () => {
    const two = [review({ gymScores: { ...noScores, equipment: 5, crowding: 4 }, trainedHour: 6 }), review({ gymScores: { ...noScores, equipment: 4, crowding: 2 }, trainedBand: 'evening' })];
    const early = summariseGymReviews(two);
    expect(early.subScores.find((s) => s.key === 'equipment')).toEqual({ key: 'equipment', average: 4.5, count: 2 });
    expect(early.subScores.find((s) => s.key === 'space')).toEqual({ key: 'space', average: null, count: 0 });
    expect(early.crowdingReviews).toBe(2);
    expect(early.crowdingByBand).toBeNull();
    // A review with a time but no crowding score, or a score but no time, does not count towards the chart.
    expect(summariseGymReviews([...two, review({ trainedHour: 19 }), review({ gymScores: { ...noScores, crowding: 3 } })]).crowdingByBand).toBeNull();
    const enough = summariseGymReviews([...two, review({ gymScores: { ...noScores, crowding: 1 }, trainedHour: 19 })]);
    expect(enough.crowdingReviews).toBe(crowdingChartMinReviews);
    expect(enough.crowdingByBand!.map((b) => [b.band, b.average, b.count])).toEqual([
      ['early', 4, 1],
      ['morning', null, 0],
      ['midday', null, 0],
      ['afternoon', null, 0],
      ['evening', 1.5, 2],
      ['late', null, 0],
    ]);
    expect(crowdingChartText(enough)).toBe(
      'From 3 reviews saying when they trained: quietest Early morning (05:00–08:00) (4/5), busiest Evening (18:00–22:00) (1.5/5); 5 is quiet.',
    );
    expect(crowdingChartText(early)).toBe('The crowding chart appears once 3 reviews say when they trained and how crowded it was (2 reviews so far, 1 to go).');
  });
});

describe('ReviewGymSummary', () => {
  it('shows nothing when no review gave a gym detail', () => {
    const { container } = render(<ReviewGymSummary reviews={[review(), review()]} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the averages and the chart with a table of the same figures', () => {
    const reviews = [
      review({ gymScores: { equipment: 5, space: 3, cleanliness: 4, crowding: 5 }, trainedHour: 6 }),
      review({ gymScores: { equipment: 4, space: 3, cleanliness: 5, crowding: 4 }, trainedHour: 7 }),
      review({ gymScores: { equipment: 3, space: 2, cleanliness: null, crowding: 2 }, trainedBand: 'evening' }),
    ];
    render(<ReviewGymSummary reviews={reviews} />);
    expect(screen.getByTestId('subscore-equipment').textContent).toContain('4.0/5 · 3 reviews');
    expect(screen.getByTestId('subscore-cleanliness').textContent).toContain('4.5/5 · 2 reviews');
    expect(screen.getByTestId('crowding-bars').getAttribute('aria-hidden')).toBe('true');
    const table = within(screen.getByTestId('crowding-table'));
    expect(table.getByRole('row', { name: /Early morning \(05:00–08:00\) 4.5\/5 2/ })).toBeTruthy();
    expect(table.getByRole('row', { name: /Evening \(18:00–22:00\) 2.0\/5 1/ })).toBeTruthy();
    expect(table.getByRole('row', { name: /Midday \(12:00–14:00\) No reviews 0/ })).toBeTruthy();
  });

  it('says how many more reviews the chart needs below the threshold', () => {
    render(<ReviewGymSummary reviews={[review({ gymScores: { ...noScores, crowding: 3 }, trainedHour: 18 })]} />);
    expect(screen.getByTestId('crowding-summary').textContent).toContain('(1 review so far, 2 to go)');
    expect(screen.queryByTestId('crowding-table')).toBeNull();
  });
});

describe('a review\'s gym details', () => {
  it('lists the sub-scores given, the hour and what was trained', () => {
    render(<ReviewGymFacts review={review({ gymScores: { ...noScores, equipment: 5, crowding: 2 }, trainedHour: 6, trainedBand: 'early', trainedKinds: ['strength', 'hiit'] })} />);
    const facts = screen.getByTestId('review-gym-facts');
    expect(within(facts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Equipment 5/5', 'Crowding 2/5']);
    expect(facts.textContent).toContain('Trained at 06:00 · Strength, HIIT');
  });
  it('a band alone reads as the time of day; nothing given shows nothing', () => {
    expect(trainedTimeText({ trainedHour: null, trainedBand: 'late' })).toBe('Trained: Late night (22:00–05:00)');
    const { container } = render(<ReviewGymFacts review={review()} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('the review form\'s gym details', () => {
  const filled = { ...emptyReviewForm('3'), title: 'Proper gym', content: 'Two racks, a platform and bells to 50 kg.', rating: 5, gymRating: 4, travelType: 'fitness', stayDate: '2026-08' };
  it('sends only the sub-scores given, the hour over the time of day, and the photos in their order', () => {
    const parsed = reviewFormSchema.parse({ ...filled, gymScores: { equipment: 5, space: 0, cleanliness: 0, crowding: 2 }, trainedHour: '6', trainedBand: 'evening', trainedKinds: ['strength'] });
    expect(toReviewRequest(parsed, ['b', 'a'])).toMatchObject({ gymScores: { equipment: 5, crowding: 2 }, trainedHour: 6, trainedBand: null, trainedKinds: ['strength'], photoIds: ['b', 'a'] });
  });
  it('sends the time of day without an hour, and no sub-scores when none is given', () => {
    const body = toReviewRequest(reviewFormSchema.parse({ ...filled, trainedBand: 'late' }));
    expect(body.gymScores).toBeUndefined();
    expect(body).toMatchObject({ trainedHour: null, trainedBand: 'late', trainedKinds: [], photoIds: [] });
  });
});
