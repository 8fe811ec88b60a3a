import { describe, expect, it } from 'vitest';
import type { EventData } from '@reproute/contracts';
import { favoriteGymUpdatedEmail, savedSearchAlertEmail, savedSearchDigestEmail, type DigestItem } from '../../src/templates/saved-searches.ts';
import { digestRef, nextDigestTime } from '../../src/digest.ts';
import { emailsForEvent } from '../../src/domain/routing.ts';

const config = { supportEmail: 'support@reproute.example', appUrl: 'http://app.example/' };
const evil = '<script>alert("x")</script>';
const userId = '33333333-3333-4333-8333-333333333333';

const match: EventData<'saved-search.matched'> = {
  savedSearchId: '44444444-4444-4444-8444-444444444444',
  userId,
  email: 'lifter@example.com',
  searchName: `Racks ${evil}`,
  searchPath: '/search?query=Tokyo&eq=squat%20rack',
  delivery: 'instant',
  hotel: { hotelId: 9, name: 'Iron & Steam', slug: 'iron-steam', city: 'Tokyo', country: 'Japan' },
};

describe('saved-search alerts', () => {
  it('an instant alert names the search and the hotel, links both, escapes the search name, and is a list email of the search', () => {
    const email = savedSearchAlertEmail(match, config.appUrl);
    expect(email.to).toBe('lifter@example.com');
    expect(email.subject).toBe(`New match for "Racks ${evil}": Iron & Steam`);
    expect(email.text).toContain('Iron & Steam in Tokyo, Japan');
    expect(email.text).toContain('http://app.example/hotels/iron-steam');
    expect(email.text).toContain('http://app.example/search?query=Tokyo&eq=squat%20rack');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.list).toEqual({ kind: 'search-alerts', userId, scope: match.savedSearchId });
  });

  it('a weekly match sends nothing from its event (the digest does); an instant one is one job per event', () => {
    const event = { id: '55555555-5555-4555-8555-555555555555', type: 'saved-search.matched' as const, version: 1, occurredAt: new Date().toISOString(), data: match };
    expect(emailsForEvent(event, config).map((e) => e.jobId)).toEqual([`${event.id}-alert`]);
    expect(emailsForEvent({ ...event, data: { ...match, delivery: 'weekly' } }, config)).toEqual([]);
  });

  it('the digest groups hotels by search, counts them, goes to the newest address and stops every saved-search alert when unsubscribed', () => {
    const item = (n: number, search: string, at: string, email = 'lifter@example.com'): DigestItem => ({
      savedSearchId: search,
      searchName: `Search ${search.slice(0, 1)}`,
      searchPath: `/search?query=${search.slice(0, 1)}`,
      email,
      hotel: { hotelId: n, name: `Hotel ${n}`, slug: `hotel-${n}`, city: 'Paris', country: null },
      matchedAt: at,
    });
    const email = savedSearchDigestEmail(userId, [item(1, 'a1', '2026-12-01T10:00:00Z'), item(2, 'b2', '2026-12-02T10:00:00Z', 'new@example.com'), item(3, 'a1', '2026-12-01T09:00:00Z')], config.appUrl);
    expect(email.to).toBe('new@example.com');
    expect(email.subject).toBe('Your weekly RepRoute digest: 3 new hotels');
    expect(email.text).toContain('3 new hotels match your saved searches this week.');
    expect(email.text).toMatch(/"Search a".*\n- Hotel 1, Paris: http:\/\/app\.example\/hotels\/hotel-1\n- Hotel 3, Paris/);
    expect(email.list).toEqual({ kind: 'search-alerts', userId, scope: null });
  });

  it('a favourite\'s gym change is a favorite-updates list email', () => {
    const email = favoriteGymUpdatedEmail({ userId, email: 'fan@example.com', hotelId: 4, name: 'Lift House', slug: 'lift-house', changes: ['equipment', 'opening hours'] }, config.appUrl);
    expect(email.subject).toBe('The gym at Lift House has changed');
    expect(email.text).toContain('has changed: equipment, opening hours.');
    expect(email.list).toEqual({ kind: 'favorite-updates', userId, scope: null });
  });
});

describe('the digest schedule', () => {
  it('is the next Monday 08:00 UTC strictly after now', () => {
    expect(nextDigestTime(new Date('2026-12-02T12:00:00Z')).toISOString()).toBe('2026-12-07T08:00:00.000Z'); // a Wednesday
    expect(nextDigestTime(new Date('2026-12-07T07:59:59Z')).toISOString()).toBe('2026-12-07T08:00:00.000Z'); // Monday, before
    expect(nextDigestTime(new Date('2026-12-07T08:00:00Z')).toISOString()).toBe('2026-12-14T08:00:00.000Z'); // Monday, at it
    expect(nextDigestTime(new Date('2026-12-06T23:00:00Z')).toISOString()).toBe('2026-12-07T08:00:00.000Z'); // Sunday night
  });

  it('names the account in job ids only by a one-way reference', () => {
    expect(digestRef(userId)).toMatch(/^[0-9a-f]{24}$/);
    expect(digestRef(userId)).not.toContain(userId.slice(0, 8));
    expect(digestRef(userId)).toBe(digestRef(userId));
  });
});
