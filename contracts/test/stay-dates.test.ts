import { describe, expect, it } from 'vitest';
import { messages, reviewRequest, stayIsInFuture } from '../src/index.ts';

describe('a review\'s stay date', () => {
  const now = new Date('2026-12-02T08:00:00.000Z');
  it('is in the future only once no time zone has reached it', () => {
    expect(stayIsInFuture('2026-12', now)).toBe(false);
    expect(stayIsInFuture('2026-11-30', now)).toBe(false);
    // 08:00 UTC is 22:00 at UTC+14: still the 2nd there.
    expect(stayIsInFuture('2026-12-02', now)).toBe(false);
    expect(stayIsInFuture('2026-12-03', now)).toBe(true);
    expect(stayIsInFuture('2027-01', now)).toBe(true);
    // At 10:00 UTC on the 31st, it is already January at UTC+14.
    expect(stayIsInFuture('2027-01', new Date('2026-12-31T10:00:00.000Z'))).toBe(false);
  });

  it('of a later month is refused by the request schema with the message the form shows', () => {
    const body = { hotelId: 2, title: 'Good racks', content: 'Two racks and dumbbells to 50 kg, open all night.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2999-01' };
    const parsed = reviewRequest.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['stayDate', messages.stayDateFuture]]);
    expect(reviewRequest.safeParse({ ...body, stayDate: '2026-01' }).success).toBe(true);
  });
});
