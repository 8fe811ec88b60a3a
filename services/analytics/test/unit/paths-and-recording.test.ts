import { describe, expect, it } from 'vitest';
import { hotelRefFromPath, normaliseSearchQuery, pagePath } from '../../src/domain/paths.ts';
import { itemFromEvent, itemsFromBatch } from '../../src/domain/recording.ts';

describe('page paths', () => {
  it('keys pages by path, without query, fragment or trailing slash', () => {
    expect(pagePath('/search?query=london&eq=sauna')).toBe('/search');
    expect(pagePath('http://127.0.0.1:8080/hotels/the-ritz-london/#gym')).toBe('/hotels/the-ritz-london');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('//favourites//')).toBe('/favourites');
  });

  it('finds the hotel of a detail page by id or slug (ruling 3)', () => {
    expect(hotelRefFromPath('/hotels/the-ritz-london')).toEqual({ slug: 'the-ritz-london' });
    expect(hotelRefFromPath('/hotel/12')).toEqual({ hotelId: 12 });
    expect(hotelRefFromPath('/hotels/12')).toEqual({ hotelId: 12 });
    expect(hotelRefFromPath('/hotels')).toBeNull();
    expect(hotelRefFromPath('/hotels/12/reviews')).toBeNull();
    expect(hotelRefFromPath('/write-review/12')).toBeNull();
    expect(hotelRefFromPath('/hotel/0')).toBeNull();
  });

  it('counts searches together regardless of case, accents and spacing', () => {
    expect(normaliseSearchQuery('  Zürich   Gym ')).toBe('zurich gym');
    expect(normaliseSearchQuery('ABU DHABI')).toBe('abu dhabi');
    expect(normaliseSearchQuery('   ')).toBeNull();
  });
});

describe('recording', () => {
  const batch = {
    sessionId: 's-1',
    userId: 'someone-else',
    pageViews: [{ url: '/hotels/park-hyatt-tokyo?x=1', title: 'Park Hyatt', timestamp: '2027-02-01T10:00:00.000Z' }],
    conversions: [{ type: 'booking_redirect', hotelId: 4, value: 'https://book.example', timestamp: '2027-02-01T10:01:00.000Z' }],
    searches: [{ query: 'Tokyo', timestamp: '2027-02-01T09:59:00.000Z' }],
    interactions: [{ type: 'favorite_toggle', target: 'hotel:4', timestamp: '2027-02-01T10:02:00.000Z' }],
  };

  it('stores a reset page view without its token', () => {
    const [view] = itemsFromBatch({ ...batch, pageViews: [{ url: '/reset-password?token=secret-reset-token', timestamp: '2027-02-01T10:00:00.000Z' }], conversions: [], searches: [], interactions: [] }, null);
    expect(view?.value).toBe('/reset-password');
    expect(JSON.stringify(view)).not.toContain('secret-reset-token');
  });

  it('turns a batch into records, with the user from the token only', () => {
    const items = itemsFromBatch(batch, null);
    expect(items.map((i) => [i.kind, i.value, i.userId])).toEqual([
      ['page_view', '/hotels/park-hyatt-tokyo', null],
      ['search', 'tokyo', null],
      ['conversion', 'booking_redirect', null],
      ['interaction', 'favorite_toggle', null],
    ]);
    expect(items[0]?.hotelRef).toEqual({ slug: 'park-hyatt-tokyo' });
    expect(items[2]?.hotelRef).toEqual({ hotelId: 4 });
    expect(itemsFromBatch(batch, '00000000-0000-4000-8000-000000000003')[0]?.userId).toBe('00000000-0000-4000-8000-000000000003');
  });

  it('gives a re-sent record the same key, and a new one a different key', () => {
    const again = itemsFromBatch(batch, null).map((i) => i.dedupeKey);
    expect(itemsFromBatch(batch, null).map((i) => i.dedupeKey)).toEqual(again);
    expect(new Set(again).size).toBe(4);
    const later = itemsFromBatch({ ...batch, pageViews: [{ ...batch.pageViews[0]!, timestamp: '2027-02-01T10:05:00.000Z' }] }, null);
    expect(later[0]?.dedupeKey).not.toBe(again[0]);
    expect(itemsFromBatch({ ...batch, sessionId: 's-2' }, null)[0]?.dedupeKey).not.toBe(again[0]);
  });

  it('reads single page_view and search events like batch records; others are kept as events', () => {
    const view = itemFromEvent({ type: 'page_view', data: { url: '/hotel/9', sessionId: 's' }, timestamp: '2027-02-01T10:00:00.000Z' }, null);
    expect(view).toMatchObject({ kind: 'page_view', value: '/hotel/9', hotelRef: { hotelId: 9 }, sessionId: 's' });
    expect(itemFromEvent({ type: 'search', data: { query: 'Paris' }, timestamp: '2027-02-01T10:00:00.000Z' }, null)).toMatchObject({ kind: 'search', value: 'paris' });
    expect(itemFromEvent({ type: 'newsletter_signup', data: {} }, null)).toMatchObject({ kind: 'event', value: 'newsletter_signup' });
  });

  it('keeps every event that has no timestamp (nothing tells a repeat apart)', () => {
    const a = itemFromEvent({ type: 'ping', data: {} }, null);
    const b = itemFromEvent({ type: 'ping', data: {} }, null);
    expect(a.dedupeKey).not.toBe(b.dedupeKey);
  });
});
