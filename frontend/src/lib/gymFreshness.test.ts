import { describe, expect, it } from 'vitest';
import { confidenceLine, confirmedLine, reportLine, timeAgo, travellersLine } from './gymFreshness';

const now = new Date('2026-12-02T10:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('gym facts freshness words', () => {
  it('says how long ago', () => {
    expect([0, 1, 5, 21, 120, 400, 800].map((d) => timeAgo(ago(d), now))).toEqual(['today', 'yesterday', '5 days ago', '3 weeks ago', '4 months ago', 'over a year ago', '2 years ago']);
  });

  it('names who confirmed, and the travellers of the latest month', () => {
    expect(confirmedLine({ confirmedAt: ago(21), confirmedBy: 'hotel' }, now)).toBe('Confirmed by the hotel 3 weeks ago');
    expect(confirmedLine({ confirmedAt: ago(2), confirmedBy: 'admin' }, now)).toBe('Confirmed by our team 2 days ago');
    expect(travellersLine({ travellerConfirmations: { total: 2, latestMonth: '2026-03', latestMonthCount: 2 } }, now)).toBe('2 travellers confirmed in March');
    expect(travellersLine({ travellerConfirmations: { total: 1, latestMonth: '2025-11', latestMonthCount: 1 } }, now)).toBe('1 traveller confirmed in November 2025');
    expect(travellersLine({ travellerConfirmations: { total: 0, latestMonth: null, latestMonthCount: 0 } }, now)).toBeNull();
  });

  it('dates a report as the page shows it', () => {
    expect(reportLine({ createdAt: '2026-11-02T09:00:00Z', detail: 'cable station out of order' }, now)).toBe('A traveller reported on 2 Nov: cable station out of order');
  });

  it('says how far the score counts', () => {
    expect(confidenceLine({ level: 'high', factor: 1, factsScore: 4, age: 'fresh', lastConfirmedAt: null, openReports: 0, disputedReports: 0, reasons: [] })).toBe('High confidence: the gym facts are recent and no change is reported');
    expect(confidenceLine({ level: 'medium', factor: 0.85, factsScore: 4, age: 'fresh', lastConfirmedAt: null, openReports: 1, disputedReports: 0, reasons: ['1 open report of a change'] })).toBe(
      'Medium confidence: the score counts its facts at 85 % (1 open report of a change)',
    );
  });
});
