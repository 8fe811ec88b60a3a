import { describe, expect, it } from 'vitest';
import { analyticsBatchLimits, analyticsBatchRequest, analyticsEventRequest } from '@reproute/contracts';

const at = '2027-02-01T10:00:00.000Z';
const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('analytics batch payload (document 2, section 7)', () => {
  it('accepts the browser batch and defaults absent lists to empty', () => {
    const batch = analyticsBatchRequest.parse({
      sessionId: 's-1',
      userId: null,
      pageViews: [{ url: '/hotels/the-ritz-london', title: 'The Ritz', timestamp: at }],
      searches: [{ query: 'London', equipment: ['squat rack'], resultCount: 3, timestamp: at }],
    });
    expect(batch.conversions).toEqual([]);
    expect(batch.interactions).toEqual([]);
    expect(batch.pageViews[0]).toEqual({ url: '/hotels/the-ritz-london', title: 'The Ritz', timestamp: at });
  });

  it('keeps to the browser retention limits: 50 page views, 20 conversions, 50 searches, 100 interactions', () => {
    expect(analyticsBatchLimits).toEqual({ pageViews: 50, conversions: 20, searches: 50, interactions: 100 });
    const full = {
      sessionId: 's',
      pageViews: many(50, (i) => ({ url: `/p/${i}`, title: 't', timestamp: at })),
      conversions: many(20, () => ({ type: 'booking_redirect', timestamp: at })),
      searches: many(50, (i) => ({ query: `q${i}`, timestamp: at })),
      interactions: many(100, () => ({ type: 'click', target: 'x', timestamp: at })),
    };
    expect(analyticsBatchRequest.safeParse(full).success).toBe(true);
    expect(firstMessage(analyticsBatchRequest.safeParse({ ...full, pageViews: many(51, () => ({ url: '/', timestamp: at })) }))).toBe('A batch carries at most 50 page views');
    expect(firstMessage(analyticsBatchRequest.safeParse({ ...full, conversions: many(21, () => ({ type: 'x' })) }))).toBe('A batch carries at most 20 conversions');
    expect(firstMessage(analyticsBatchRequest.safeParse({ ...full, searches: many(51, () => ({ query: 'x' })) }))).toBe('A batch carries at most 50 searches');
    expect(firstMessage(analyticsBatchRequest.safeParse({ ...full, interactions: many(101, () => ({ type: 'x' })) }))).toBe('A batch carries at most 100 interactions');
  });

  it('bounds every text and needs a session', () => {
    expect(firstMessage(analyticsBatchRequest.safeParse({ pageViews: [] }))).toBe('sessionId is required');
    expect(analyticsBatchRequest.safeParse({ sessionId: 'x'.repeat(129) }).success).toBe(false);
    expect(analyticsBatchRequest.safeParse({ sessionId: 's', pageViews: [{ url: `/${'a'.repeat(2048)}` }] }).success).toBe(false);
    expect(analyticsBatchRequest.safeParse({ sessionId: 's', searches: [{ query: 'q'.repeat(201) }] }).success).toBe(false);
    const bigMetadata = Object.fromEntries(many(31, (i) => [`k${i}`, i]));
    expect(analyticsBatchRequest.safeParse({ sessionId: 's', interactions: [{ type: 'x', metadata: bigMetadata }] }).success).toBe(false);
  });

  it('takes epoch milliseconds as timestamps, as ISO strings', () => {
    const batch = analyticsBatchRequest.parse({ sessionId: 's', pageViews: [{ url: '/', timestamp: Date.UTC(2027, 1, 1, 10) }] });
    expect(batch.pageViews[0]?.timestamp).toBe(at);
  });
});

describe('single analytics event payload', () => {
  it('accepts {type, data, timestamp}', () => {
    expect(analyticsEventRequest.parse({ type: 'page_view', data: { url: '/search' }, timestamp: at })).toEqual({ type: 'page_view', data: { url: '/search' }, timestamp: at });
    expect(analyticsEventRequest.parse({ type: 'ping' })).toEqual({ type: 'ping', data: {} });
  });

  it('needs a short type', () => {
    expect(firstMessage(analyticsEventRequest.safeParse({ data: {} }))).toBe('type is required');
    expect(analyticsEventRequest.safeParse({ type: 'x'.repeat(65) }).success).toBe(false);
  });
});
