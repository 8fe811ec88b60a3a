import { describe, expect, it } from 'vitest';
import { emptyReviewForm, tagLabel, toReviewRequest } from './reviewForm';
import { reviewFormSchema } from './reviewFormSchema';

function messagesFor(values: Record<string, unknown>) {
  const result = reviewFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('reviewFormSchema', () => {
  it('gives every message of the review table for an empty form', () => {
    expect(messagesFor(emptyReviewForm())).toEqual(
      expect.arrayContaining([
        'Hotel is required',
        'Title must be at least 5 characters',
        'Review must be at least 20 characters',
        'Please select a rating',
        'Please select a gym rating',
        'Please select travel type',
        'Stay date is required',
      ]),
    );
  });
  it('gives the maximum messages', () => {
    const messages = messagesFor({ ...emptyReviewForm('3'), title: 'x'.repeat(101), content: 'y'.repeat(1001), rating: 6, gymRating: 6, travelType: 'fitness', stayDate: '2026-10' });
    expect(messages).toEqual(
      expect.arrayContaining(['Title must be less than 100 characters', 'Review must be less than 1000 characters', 'Rating cannot exceed 5 stars', 'Gym rating cannot exceed 5 stars']),
    );
  });
});

describe('toReviewRequest', () => {
  it('splits pros and cons on commas into trimmed non-empty lists', () => {
    const parsed = reviewFormSchema.parse({
      ...emptyReviewForm('7'),
      title: 'Great rack',
      content: 'A proper squat rack and heavy dumbbells.',
      rating: 5,
      gymRating: 4,
      travelType: 'fitness',
      stayDate: '2026-10',
      pros: ' squat rack , ,sauna,',
      cons: '',
    });
    expect(toReviewRequest(parsed)).toMatchObject({ hotelId: 7, pros: ['squat rack', 'sauna'], cons: [], tags: ['fitness-trip'], roomType: undefined });
  });
  it('shows hyphens in tags as spaces', () => expect(tagLabel('gym-focused-stay')).toBe('gym focused stay'));
});
