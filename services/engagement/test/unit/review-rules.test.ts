import { describe, expect, it } from 'vitest';
import { favoriteRequest, messages, moderationRequest, reviewRequest, splitCommaList } from '@reproute/contracts';

const valid = {
  hotelId: 1,
  title: 'Great hotel gym',
  content: 'The gym had a full rack, heavy dumbbells and a rower.',
  rating: 5,
  gymRating: 4,
  travelType: 'fitness',
  stayDate: '2026-10',
  pros: ['squat rack', 'open 24h'],
  cons: [],
};

/** The first message zod gives for a body, as the API answers it. */
function firstMessage(body: unknown): string | undefined {
  const result = reviewRequest.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('review rules (document 2, section 5)', () => {
  it('accepts a complete review and keeps optional fields optional', () => {
    const parsed = reviewRequest.parse({ ...valid, roomType: '  ', pros: undefined, cons: undefined });
    expect(parsed).toMatchObject({ hotelId: 1, roomType: undefined, pros: [], cons: [], tags: [] });
  });

  it.each([
    ['hotelId missing', { hotelId: undefined }, messages.hotelRequired],
    ['hotelId blank', { hotelId: '' }, messages.hotelRequired],
    ['hotelId not a number', { hotelId: 'abc' }, messages.hotelRequired],
    ['title missing', { title: undefined }, messages.titleMin],
    ['title under 5 after trimming', { title: '  Gym ' }, messages.titleMin],
    ['title over 100', { title: 'x'.repeat(101) }, messages.titleMax],
    ['content missing', { content: undefined }, messages.contentMin],
    ['content under 20', { content: 'Too short review' }, messages.contentMin],
    ['content over 1000', { content: 'x'.repeat(1001) }, messages.contentMax],
    ['rating missing', { rating: undefined }, messages.ratingRequired],
    ['rating 0', { rating: 0 }, messages.ratingRequired],
    ['rating 6', { rating: 6 }, messages.ratingMax],
    ['gymRating missing', { gymRating: undefined }, messages.gymRatingRequired],
    ['gymRating 0', { gymRating: 0 }, messages.gymRatingRequired],
    ['gymRating 6', { gymRating: 6 }, messages.gymRatingMax],
    ['travelType missing', { travelType: undefined }, messages.travelTypeRequired],
    ['travelType unknown', { travelType: 'cruise' }, messages.travelTypeRequired],
    ['stayDate missing', { stayDate: undefined }, messages.stayDateRequired],
    ['stayDate not a month', { stayDate: 'last summer' }, messages.stayDateRequired],
  ])('%s → "%s"', (_name, change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it('uses the exact texts of the specification', () => {
    expect([messages.hotelRequired, messages.titleMin, messages.titleMax, messages.contentMin, messages.contentMax]).toEqual([
      'Hotel is required',
      'Title must be at least 5 characters',
      'Title must be less than 100 characters',
      'Review must be at least 20 characters',
      'Review must be less than 1000 characters',
    ]);
    expect([messages.ratingRequired, messages.ratingMax, messages.gymRatingRequired, messages.gymRatingMax, messages.travelTypeRequired, messages.stayDateRequired]).toEqual([
      'Please select a rating',
      'Rating cannot exceed 5 stars',
      'Please select a gym rating',
      'Gym rating cannot exceed 5 stars',
      'Please select travel type',
      'Stay date is required',
    ]);
  });

  it('keeps review text exactly as given (it is escaped where shown, never rewritten)', () => {
    const content = '<img src=x onerror=alert(1)> & a really good squat rack';
    expect(reviewRequest.parse({ ...valid, content }).content).toBe(content);
  });

  it('takes pros and cons as lists only', () => {
    expect(reviewRequest.safeParse({ ...valid, pros: 'a, b' }).success).toBe(false);
  });
});

describe('splitCommaList', () => {
  it('splits on commas into trimmed, non-empty items', () => {
    expect(splitCommaList(' squat rack, , rower ,sauna,')).toEqual(['squat rack', 'rower', 'sauna']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(undefined)).toEqual([]);
    expect(splitCommaList(null)).toEqual([]);
    expect(splitCommaList('single')).toEqual(['single']);
  });
});

describe('favourite and moderation payloads', () => {
  it('needs a positive hotel id (a numeric string is accepted)', () => {
    expect(favoriteRequest.parse({ hotelId: '3' })).toEqual({ hotelId: 3 });
    expect(favoriteRequest.safeParse({ hotelId: 0 }).success).toBe(false);
    expect(favoriteRequest.safeParse({}).success).toBe(false);
  });

  it('needs a boolean decision', () => {
    expect(moderationRequest.parse({ isApproved: false })).toEqual({ isApproved: false });
    expect(moderationRequest.safeParse({ isApproved: 'yes' }).success).toBe(false);
  });
});
