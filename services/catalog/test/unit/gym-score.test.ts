import { describe, expect, it } from 'vitest';
import { classifyEquipment, gymScoreComponent, hotelSearchQuery } from '@reproute/contracts';
import { computeGymScore, gymHighlights, gymScoreWeights, type GymFactsInput } from '../../src/domain/gym-score.ts';

const labelsOf = (items: string[]) => Object.values(classifyEquipment(items)).flat();

const noData: GymFactsInput = { equipmentLabels: [], heaviestDumbbellKg: null, sizeSqm: null, open24h: false, hours: null, gymRatings: { count: 0, average: null } };

const fullGym: GymFactsInput = {
  equipmentLabels: labelsOf(['Power rack', 'Olympic barbells', 'Deadlift platform', 'Dumbbells up to 50kg', 'Treadmill', 'TRX', 'Sauna']),
  heaviestDumbbellKg: 50,
  sizeSqm: 1200,
  open24h: true,
  hours: '24 hours',
  gymRatings: { count: 1000, average: 5 },
};

const component = (facts: GymFactsInput, key: string) => computeGymScore(facts).breakdown.find((c) => c.key === key)!;

describe('gym score', () => {
  it('the weights add up to 5 and every component appears once, in the contract shape', () => {
    expect(Object.values(gymScoreWeights).reduce((a, b) => a + b, 0)).toBe(5);
    const { breakdown } = computeGymScore(fullGym);
    expect(breakdown.map((c) => c.key)).toEqual(['variety', 'strength', 'size', 'hours', 'reviews']);
    for (const c of breakdown) expect(gymScoreComponent.parse(c)).toEqual(c);
  });

  it('no data at all scores 0 with a reason for every component', () => {
    const { score, breakdown } = computeGymScore(noData);
    expect(score).toBe(0);
    expect(breakdown.every((c) => c.points === 0)).toBe(true);
    expect(breakdown.map((c) => c.reason)).toEqual([
      'No equipment listed',
      'No racks, barbells, platform or dumbbells listed',
      'Floor area not stated',
      'Hours not stated',
      'No approved gym ratings yet',
    ]);
  });

  it('stays within 0-5 to one decimal, reaching 5 only with everything and many top ratings', () => {
    expect(computeGymScore(fullGym).score).toBe(5);
    const overdrawn = computeGymScore({ ...fullGym, heaviestDumbbellKg: 500, sizeSqm: 1_000_000, gymRatings: { count: 3, average: 9 } });
    expect(overdrawn.score).toBeLessThanOrEqual(5);
    for (const c of overdrawn.breakdown) expect(c.points).toBeLessThanOrEqual(c.maxPoints);
    const some = computeGymScore({ ...noData, equipmentLabels: ['treadmill'], sizeSqm: 300 });
    expect(some.score).toBe(Math.round(some.score * 10) / 10);
    expect(some.score).toBe(0.5); // 0.25 variety + 0.25 size
  });

  it('variety gives a quarter of its weight per taxonomy group covered', () => {
    expect(component({ ...noData, equipmentLabels: ['treadmill', 'bike'] }, 'variety')).toMatchObject({ points: 0.25, reason: 'Covers 1 of 4 groups: cardio equipment' });
    expect(component({ ...noData, equipmentLabels: ['treadmill', 'squat rack', 'sauna'] }, 'variety').points).toBe(0.75);
    expect(component(fullGym, 'variety').points).toBe(1);
  });

  it('strength depth counts rack, barbells, platform and the dumbbell range', () => {
    expect(component({ ...noData, equipmentLabels: ['squat rack'] }, 'strength')).toMatchObject({ points: 0.4, reason: 'Squat rack; no barbells, lifting platform and dumbbells' });
    expect(component({ ...noData, equipmentLabels: ['squat rack', 'barbell set', 'platform'] }, 'strength').points).toBe(1);
    const dumbbells = (kg: number | null, labels: string[] = ['free weights']) => component({ ...noData, equipmentLabels: labels, heaviestDumbbellKg: kg }, 'strength').points;
    expect(dumbbells(50)).toBe(0.5);
    expect(dumbbells(40)).toBe(0.4);
    expect(dumbbells(32.5)).toBe(0.3);
    expect(dumbbells(20)).toBe(0.2);
    expect(dumbbells(10)).toBe(0.1);
    expect(dumbbells(null)).toBe(0.1);
    expect(dumbbells(null, ['dumbbells ≥40kg', 'free weights'])).toBe(0.4);
    expect(component({ ...noData, equipmentLabels: ['free weights'], heaviestDumbbellKg: 45 }, 'strength').reason).toBe('Dumbbells to 45 kg; no squat rack, barbells and lifting platform');
    expect(component(fullGym, 'strength')).toMatchObject({ points: 1.5, reason: 'Squat rack, barbells, lifting platform and dumbbells to 50 kg' });
  });

  it('size follows the search filter bands: small, medium, large', () => {
    expect(component({ ...noData, sizeSqm: 399 }, 'size')).toMatchObject({ points: 0.25, reason: '399 sqm: a small gym' });
    expect(component({ ...noData, sizeSqm: 400 }, 'size').points).toBe(0.5);
    expect(component({ ...noData, sizeSqm: 1000 }, 'size')).toMatchObject({ points: 0.75, reason: '1,000 sqm: a large gym' });
  });

  it('hours: full points open 24 hours, half with stated hours', () => {
    expect(component({ ...noData, open24h: true, hours: '24/7' }, 'hours')).toMatchObject({ points: 0.5, reason: 'Open 24 hours' });
    expect(component({ ...noData, hours: '6:00 - 22:00' }, 'hours')).toMatchObject({ points: 0.25, reason: 'Open 6:00 - 22:00, not around the clock' });
  });

  it("reviewers' gym ratings are pulled towards 3 so that one rating cannot decide", () => {
    const reviews = (count: number, average: number) => component({ ...noData, gymRatings: { count, average } }, 'reviews');
    expect(reviews(1, 5)).toMatchObject({ points: 0.83, reason: '5.0 of 5 from 1 approved reviewer' }); // (5 + 2×3) / 3 = 3.67
    expect(reviews(8, 5).points).toBe(1.13); // (40 + 6) / 10 = 4.6
    expect(reviews(2, 1).points).toBe(0.31); // (2 + 6) / 4 = 2
    expect(reviews(8, 5).points).toBeGreaterThan(reviews(1, 5).points);
    expect(reviews(4, 4.5).reason).toBe('4.5 of 5 from 4 approved reviewers');
  });

  it('is pure: the same facts give the same score', () => {
    expect(computeGymScore(fullGym)).toEqual(computeGymScore(structuredClone(fullGym)));
  });
});

describe('gym highlights', () => {
  it('hours, size and heaviest dumbbell first, at most three', () => {
    expect(gymHighlights(fullGym)).toEqual([
      { kind: 'hours', label: '24 hours' },
      { kind: 'size', label: '1,200 sqm' },
      { kind: 'dumbbell', label: 'Dumbbells to 50 kg' },
    ]);
  });

  it('opening hours as written when not 24 hours; signature items fill the rest', () => {
    expect(gymHighlights({ ...noData, hours: '6:00 - 22:00', equipmentLabels: ['sauna', 'platform', 'treadmill'] })).toEqual([
      { kind: 'hours', label: '6:00 - 22:00' },
      { kind: 'signature', label: 'Lifting platform' },
      { kind: 'signature', label: 'Sauna' },
    ]);
  });

  it('leaves out hours too long for a card, and gives nothing without data', () => {
    expect(gymHighlights({ ...noData, hours: 'Weekdays 6:00 - 22:00, weekends 8:00 - 20:00' })).toEqual([]);
    expect(gymHighlights(noData)).toEqual([]);
    expect(gymHighlights({ ...noData, heaviestDumbbellKg: 22.7 })).toEqual([{ kind: 'dumbbell', label: 'Dumbbells to 22.7 kg' }]);
  });
});

describe('gymScore sort', () => {
  it('is accepted in any case and unknown sorts still fall back to rating', () => {
    expect(hotelSearchQuery.parse({ sort: 'gymScore' }).sort).toBe('gymScore');
    expect(hotelSearchQuery.parse({ sortBy: 'GYMSCORE' }).sort).toBe('gymScore');
    expect(hotelSearchQuery.parse({ sort: 'gym' }).sort).toBe('rating');
  });
});
