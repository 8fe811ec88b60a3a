import { describe, expect, it } from 'vitest';
import { gymDetails, providerHotelUpdate } from '../src/catalog.ts';
import { gymFactMessages } from '../src/messages.ts';
import { dailyFromWeek, normaliseDayHours, parseDayHours, weekFromDaily, weekRuns, weekSummary } from '../src/gym-values.ts';

const issues = (input: unknown) => {
  const result = gymDetails.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a day’s hours', () => {
  it('reads the three forms and loose spellings of them', () => {
    expect(normaliseDayHours('6:00 - 22:00')).toBe('06:00-22:00');
    expect(normaliseDayHours('06:00–22:00')).toBe('06:00-22:00');
    expect(normaliseDayHours(' Closed ')).toBe('closed');
    expect(normaliseDayHours('24 hours')).toBe('24h');
    expect(normaliseDayHours('18:00-02:00')).toBe('18:00-02:00');
    expect(parseDayHours('18:00-02:00')).toEqual({ kind: 'range', opens: 1080, closes: 120 });
    expect(parseDayHours('06:00-24:00')).toEqual({ kind: 'range', opens: 360, closes: 1440 });
  });
  it('refuses what does not parse', () => {
    for (const bad of ['25:00-26:00', '06:00', '6am-10pm', '06:00-06:00', '06:60-22:00', 'sometimes']) expect(normaliseDayHours(bad)).toBeNull();
  });
  it('turns one daily fact into a week and back, and sums a week up', () => {
    const week = weekFromDaily(false, '06:00', '22:00')!;
    expect(Object.keys(week)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(dailyFromWeek(week)).toEqual({ open24Hours: false, opensAt: '06:00', closesAt: '22:00' });
    expect(dailyFromWeek(weekFromDaily(true, null, null)!)).toEqual({ open24Hours: true, opensAt: null, closesAt: null });
    expect(weekFromDaily(false, '06:00', null)).toBeNull();
    expect(weekSummary(week)).toBe('06:00–22:00');
    const varied = { ...week, sat: '08:00-20:00', sun: 'closed' };
    expect(weekRuns(varied)).toEqual([
      { from: 'mon', to: 'fri', hours: '06:00-22:00' },
      { from: 'sat', to: 'sat', hours: '08:00-20:00' },
      { from: 'sun', to: 'sun', hours: 'closed' },
    ]);
    expect(weekSummary(varied)).toBe('Mon–Fri 06:00–22:00, Sat 08:00–20:00, Sun Closed');
    expect(dailyFromWeek(varied)).toEqual({ open24Hours: false, opensAt: null, closesAt: null });
  });
});

describe('gymDetails: the gym’s facts and equipment specs', () => {
  it('takes a full gym as a form sends it and normalises it', () => {
    const parsed = gymDetails.parse({
      name: 'Riverside Health Club',
      address: '1 Westferry Circus',
      distanceMetres: '150',
      walkingMinutes: 2,
      latitude: '51.5069',
      longitude: -0.0272,
      entry: 'keycard',
      guestFee: { amount: '12.50', currency: 'gbp', per: 'day' },
      weeklyHours: { mon: '6:00 - 23:00', sat: 'Closed', sun: '24 hours' },
      equipmentPieces: [
        { item: 'rack', kind: 'power-rack', count: 2 },
        { item: 'treadmill', count: 14 },
      ],
      lightestDumbbellKg: '2',
      heaviestDumbbellKg: 46,
      heaviestKettlebellKg: 32,
      plateKinds: ['bumper', 'calibrated'],
      platesTotalKg: '1200',
    });
    expect(parsed.guestFee).toEqual({ amount: 12.5, currency: 'GBP', per: 'day' });
    expect(parsed.weeklyHours).toEqual({ mon: '06:00-23:00', sat: 'closed', sun: '24h' });
    expect(parsed.equipmentPieces).toEqual([
      { item: 'rack', kind: 'power-rack', count: 2 },
      { item: 'treadmill', kind: null, count: 14 },
    ]);
    expect(parsed.distanceMetres).toBe(150);
    expect(parsed.latitude).toBe(51.5069);
  });

  it('lets null clear a fact and leaves an omitted one out', () => {
    const parsed = gymDetails.parse({ entry: null, weeklyHours: null, guestFee: null, address: '' });
    expect(parsed).toMatchObject({ entry: null, weeklyHours: null, guestFee: null });
    expect(parsed.address).toBeUndefined();
  });

  it('refuses hours that do not parse and unknown days, naming the day', () => {
    expect(issues({ weeklyHours: { mon: '6am to 10pm' } })).toEqual([['weeklyHours.mon', gymFactMessages.weeklyHoursInvalid]]);
    expect(issues({ weeklyHours: { monday: '06:00-22:00' } })).toEqual([['weeklyHours.monday', gymFactMessages.weeklyHoursDayInvalid]]);
    expect(issues({ weeklyHours: { tue: 7 } })).toEqual([['weeklyHours.tue', gymFactMessages.weeklyHoursInvalid]]);
    expect(issues({ weeklyHours: 'mon-fri 6-22' })).toEqual([['weeklyHours', gymFactMessages.weeklyHoursInvalid]]);
  });

  it('refuses unknown kinds and items, a kind where there is none, and counts out of range', () => {
    expect(issues({ equipmentPieces: [{ item: 'rack', kind: 'cage', count: 1 }] })).toEqual([['equipmentPieces.0.kind', gymFactMessages.pieceKindInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'rack', count: 1 }] })).toEqual([['equipmentPieces.0.kind', gymFactMessages.pieceKindInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'treadmill', kind: 'curved', count: 1 }] })).toEqual([['equipmentPieces.0.kind', gymFactMessages.pieceKindInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'sled', count: 1 }] })).toEqual([['equipmentPieces.0.item', gymFactMessages.pieceItemInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'bench', kind: 'flat', count: 101 }] })).toEqual([['equipmentPieces.0.count', gymFactMessages.pieceCountInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'bench', kind: 'flat', count: 1.5 }] })).toEqual([['equipmentPieces.0.count', gymFactMessages.pieceCountInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'bench', kind: 'flat', count: -1 }] })).toEqual([['equipmentPieces.0.count', gymFactMessages.pieceCountInvalid]]);
    expect(issues({ equipmentPieces: [{ item: 'bench', kind: 'flat', count: 1 }, { item: 'bench', kind: 'flat', count: 2 }] })).toEqual([['equipmentPieces.1', gymFactMessages.pieceDuplicate]]);
  });

  it('refuses weights, distances and fees out of range, and a dumbbell range upside down', () => {
    expect(issues({ lightestDumbbellKg: 0 })).toEqual([['lightestDumbbellKg', gymFactMessages.dumbbellRangeInvalid]]);
    expect(issues({ heaviestKettlebellKg: 120 })).toEqual([['heaviestKettlebellKg', gymFactMessages.kettlebellInvalid]]);
    expect(issues({ platesTotalKg: 'lots' })).toEqual([['platesTotalKg', gymFactMessages.platesTotalInvalid]]);
    expect(issues({ distanceMetres: 60_000 })).toEqual([['distanceMetres', gymFactMessages.distanceInvalid]]);
    expect(issues({ walkingMinutes: 2.5 })).toEqual([['walkingMinutes', gymFactMessages.walkingMinutesInvalid]]);
    expect(issues({ guestFee: { amount: -5, currency: 'USD', per: 'visit' } })).toEqual([['guestFee.amount', gymFactMessages.guestFeeInvalid]]);
    expect(issues({ guestFee: { amount: 5, currency: 'USD', per: 'week' } })).toEqual([['guestFee.per', gymFactMessages.guestFeePeriodInvalid]]);
    expect(issues({ lightestDumbbellKg: 20, heaviestDumbbellKg: 10 })).toEqual([['lightestDumbbellKg', gymFactMessages.dumbbellRangeOrder]]);
    expect(issues({ latitude: 51.5 })).toEqual([['longitude', gymFactMessages.gymPointInvalid]]);
    expect(issues({ entry: 'fingerprint' })).toEqual([['entry', gymFactMessages.entryInvalid]]);
    expect(issues({ plateKinds: ['rubber'] })).toEqual([['plateKinds.0', gymFactMessages.plateKindInvalid]]);
  });

  it('is part of a provider’s listing update', () => {
    const result = providerHotelUpdate.safeParse({ gym: { equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 3 }] } });
    expect(result.success).toBe(true);
  });
});
