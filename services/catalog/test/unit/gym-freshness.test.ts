import { describe, expect, it } from 'vitest';
import { computeGymScore, gymFactsAge, gymScoreConfidenceOf } from '../../src/domain/gym-score.ts';

/** The gym score's confidence: the age steps and the reports' penalty (docs/decisions.md, "Gym facts that say how old they are"). */
const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);

describe('gymFactsAge', () => {
  it('steps from fresh to stale', () => {
    expect(gymFactsAge(daysAgo(0), now)).toEqual({ age: 'fresh', factor: 1 });
    expect(gymFactsAge(daysAgo(90), now)).toEqual({ age: 'fresh', factor: 1 });
    expect(gymFactsAge(daysAgo(91), now)).toEqual({ age: 'ageing', factor: 0.9 });
    expect(gymFactsAge(daysAgo(180), now)).toEqual({ age: 'ageing', factor: 0.9 });
    expect(gymFactsAge(daysAgo(181), now)).toEqual({ age: 'old', factor: 0.75 });
    expect(gymFactsAge(daysAgo(366), now)).toEqual({ age: 'stale', factor: 0.6 });
    expect(gymFactsAge(null, now)).toEqual({ age: 'stale', factor: 0.6 });
  });
});

describe('gymScoreConfidenceOf', () => {
  it('counts in full without freshness facts or with fresh facts and no reports', () => {
    expect(gymScoreConfidenceOf(4, undefined)).toMatchObject({ factor: 1, level: 'high', reasons: [] });
    expect(gymScoreConfidenceOf(4, { lastConfirmedAt: daysAgo(3), openReports: 0, disputedReports: 0, now })).toMatchObject({ factor: 1, level: 'high', age: 'fresh' });
  });

  it('takes 15 % per open report, half for a disputed one, at most 45 %, never below 0.4 in all', () => {
    const fresh = daysAgo(3);
    expect(gymScoreConfidenceOf(4, { lastConfirmedAt: fresh, openReports: 1, disputedReports: 0, now }).factor).toBe(0.85);
    expect(gymScoreConfidenceOf(4, { lastConfirmedAt: fresh, openReports: 0, disputedReports: 1, now }).factor).toBe(0.93);
    expect(gymScoreConfidenceOf(4, { lastConfirmedAt: fresh, openReports: 2, disputedReports: 0, now })).toMatchObject({ factor: 0.7, level: 'medium' });
    expect(gymScoreConfidenceOf(4, { lastConfirmedAt: fresh, openReports: 9, disputedReports: 0, now }).factor).toBe(0.55);
    expect(gymScoreConfidenceOf(4, { lastConfirmedAt: null, openReports: 9, disputedReports: 0, now })).toMatchObject({ factor: 0.4, level: 'low', reasons: ['Facts never confirmed', '9 open reports of a change'] });
  });

  it('weights the score by it', () => {
    const facts = { equipmentLabels: ['squat rack', 'barbell set', 'treadmill'], heaviestDumbbellKg: 50, sizeSqm: 500, open24h: true, hours: null, gymRatings: { count: 0, average: null } };
    const full = computeGymScore(facts);
    const old = computeGymScore({ ...facts, freshness: { lastConfirmedAt: daysAgo(200), openReports: 0, disputedReports: 0, now } });
    expect(old.breakdown).toEqual(full.breakdown);
    expect(old.confidence).toMatchObject({ factsScore: full.score, factor: 0.75 });
    expect(old.score).toBe(Math.round(full.score * 0.75 * 10) / 10);
    expect(old.score).toBeLessThan(full.score);
  });
});
