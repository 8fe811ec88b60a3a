import { describe, expect, it, vi } from 'vitest';
import { analyticsBatchRequest } from '@reproute/contracts';
import { ANALYTICS_KEY, AnalyticsRecorder, BATCH_LIMITS, RETENTION, analytics, buildBatch, emptyAnalytics, isSyncDue, startAnalyticsSync, summarize, type AnalyticsBatch } from './analytics';
import { allAccepted, applyConsent, essentialOnly, saveConsent } from './consent';

function recorder(options: { allowed?: boolean; now?: () => number; send?: (b: AnalyticsBatch) => Promise<boolean>; beacon?: (b: AnalyticsBatch) => boolean } = {}) {
  let t = 1_000_000;
  const now = options.now ?? (() => (t += 1000));
  return new AnalyticsRecorder({
    storage: localStorage,
    now,
    sessionId: 'sess',
    allowed: () => options.allowed ?? true,
    send: options.send ?? (async () => true),
    beacon: options.beacon ?? (() => true),
  });
}

describe('analytics retention', () => {
  it('keeps the last 50 page views, 20 conversions, 50 searches and 100 interactions', () => {
    const rec = recorder();
    for (let i = 0; i < 60; i++) rec.pageView(`/p${i}`, 't');
    for (let i = 0; i < 30; i++) rec.conversion('booking_redirect', { hotelId: i });
    for (let i = 0; i < 70; i++) rec.search(`q${i}`);
    for (let i = 0; i < 130; i++) rec.interaction('click', `t${i}`);
    const data = rec.read();
    expect(data.pageViews).toHaveLength(RETENTION.pageViews);
    expect(data.pageViews[0]?.url).toBe('/p10');
    expect(data.conversions).toHaveLength(20);
    expect(data.searches).toHaveLength(50);
    expect(data.interactions).toHaveLength(100);
  });

  it('a batch carries the last 10/5/10/20 unsent records', () => {
    const rec = recorder();
    for (let i = 0; i < 15; i++) rec.pageView(`/p${i}`, 't');
    for (let i = 0; i < 8; i++) rec.conversion('c');
    const batch = buildBatch(rec.read(), 'sess', 'u1');
    expect(batch?.pageViews).toHaveLength(BATCH_LIMITS.pageViews);
    expect(batch?.pageViews.at(-1)?.url).toBe('/p14');
    expect(batch?.conversions).toHaveLength(5);
    expect(batch?.userId).toBe('u1');
    expect(buildBatch(emptyAnalytics(), 's', null)).toBeNull();
  });
});

describe('analytics sync', () => {
  it('is due only when more than 30 s passed since the last sync', () => {
    expect(isSyncDue({ ...emptyAnalytics(), lastSyncAt: 0 }, 30_001)).toBe(true);
    expect(isSyncDue({ ...emptyAnalytics(), lastSyncAt: 10_000 }, 40_000)).toBe(false);
  });

  it('sends unsent records, then nothing until new ones arrive', async () => {
    let now = 100_000;
    const send = vi.fn(async () => true);
    const rec = recorder({ now: () => now, send });
    rec.pageView('/a', 'A');
    now += 1;
    expect(await rec.syncIfDue()).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    now += 5_000;
    rec.pageView('/b', 'B');
    now += 1;
    expect(await rec.syncIfDue()).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    now += 31_000;
    await rec.syncIfDue();
    expect(send).toHaveBeenCalledTimes(2);
    expect((send.mock.calls[1] as unknown as [AnalyticsBatch])[0].pageViews.map((p) => p.url)).toEqual(['/b']);
  });

  it('sends nothing without analytics consent', async () => {
    const send = vi.fn(async () => true);
    const beacon = vi.fn(() => true);
    const rec = recorder({ allowed: false, send, beacon });
    rec.pageView('/a', 'A');
    expect(await rec.syncIfDue()).toBe(false);
    expect(rec.flushWithBeacon()).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });

  it('hands unsent records to the beacon on page hide', () => {
    const beacon = vi.fn(() => true);
    const rec = recorder({ beacon });
    rec.search('tokyo');
    expect(rec.flushWithBeacon()).toBe(true);
    expect(beacon).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 'sess', searches: [expect.objectContaining({ query: 'tokyo' })] }));
  });
});

describe('declined analytics', () => {
  it('are neither stored nor sent, and what an earlier consent stored is removed at the next record', async () => {
    localStorage.setItem(ANALYTICS_KEY, JSON.stringify({ ...emptyAnalytics(), pageViews: [{ url: '/before', title: '', timestamp: 1 }] }));
    const send = vi.fn(async () => true);
    const rec = recorder({ allowed: false, send });
    rec.pageView('/a', 'A');
    rec.search('london');
    rec.conversion('booking_redirect', { hotelId: 1 });
    rec.interaction('favorite_toggle', 'hotel:1');
    expect(localStorage.getItem(ANALYTICS_KEY)).toBeNull();
    expect(await rec.syncIfDue()).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('Essential Only removes what was stored, and nothing is stored after it', () => {
    applyConsent(allAccepted);
    const stop = startAnalyticsSync();
    try {
      analytics().pageView('/granted', 'Granted');
      expect(JSON.parse(localStorage.getItem(ANALYTICS_KEY) ?? '{}').pageViews).toHaveLength(1);
      saveConsent(essentialOnly);
      expect(localStorage.getItem(ANALYTICS_KEY)).toBeNull();
      analytics().pageView('/declined', 'Declined');
      analytics().search('declined search');
      expect(localStorage.getItem(ANALYTICS_KEY)).toBeNull();
    } finally {
      stop();
      applyConsent(null);
    }
  });

  it('a page that starts without consent drops records an earlier consent kept', () => {
    localStorage.setItem(ANALYTICS_KEY, JSON.stringify({ ...emptyAnalytics(), searches: [{ query: 'kept', timestamp: 1 }] }));
    applyConsent(essentialOnly);
    const stop = startAnalyticsSync();
    stop();
    applyConsent(null);
    expect(localStorage.getItem(ANALYTICS_KEY)).toBeNull();
  });
});

describe('analytics batch contract', () => {
  it('a batch is what POST /api/analytics/batch accepts', () => {
    const rec = recorder();
    rec.pageView('/hotels/x', 'X', { hotelId: 1 });
    rec.conversion('booking_redirect', { hotelId: 1, value: 'https://b.example/?ref=RR_1_2' });
    rec.search('x'.repeat(300), ['sauna'], 3);
    rec.interaction('favorite_toggle', 'hotel:1');
    const batch = buildBatch(rec.read(), 'sess', null);
    const parsed = analyticsBatchRequest.safeParse(batch);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

describe('analytics summaries', () => {
  it('counts 24-hour and 7-day windows with top 5 pages and searches', () => {
    const now = 10 * 24 * 3600_000;
    const hour = 3600_000;
    const data = {
      ...emptyAnalytics(),
      pageViews: [
        { url: '/', title: '', timestamp: now - hour },
        { url: '/', title: '', timestamp: now - 2 * hour },
        { url: '/search', title: '', timestamp: now - 3 * 24 * hour },
        { url: '/old', title: '', timestamp: now - 9 * 24 * hour },
      ],
      searches: [
        { query: 'London', timestamp: now - hour },
        { query: 'london ', timestamp: now - 2 * 24 * hour },
        { query: 'Tokyo', timestamp: now - hour },
      ],
    };
    const summary = summarize(data, now);
    expect(summary.pageViews24h).toBe(2);
    expect(summary.pageViews7d).toBe(3);
    expect(summary.topPages[0]).toEqual({ url: '/', count: 2 });
    expect(summary.topSearches[0]).toEqual({ query: 'london', count: 2 });
    expect(summary.searches24h).toBe(2);
  });
});
