import { describe, expect, it } from 'vitest';
import type { Hotel } from '@reproute/contracts';
import {
  emptyGymData,
  gymDataChanged,
  gymDataFormSchema,
  gymDataFromHotel,
  gymWeightsIn,
  isEmptyGymData,
  toGymPayload,
  weightFieldBounds,
  weightFieldKg,
  weightFieldText,
} from './gymDataForm';

const baseGym = { name: null, type: null, description: null, hours: null, size: null, hasPool: false, hasSauna: false, hasPersonalTrainer: false } satisfies NonNullable<Hotel['gym']>;

const parse = (values: Partial<typeof emptyGymData>) => gymDataFormSchema.safeParse({ ...emptyGymData, ...values });
const messagesOf = (values: Partial<typeof emptyGymData>) => parse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('gymDataFormSchema', () => {
  it('accepts an empty gym and a full one', () => {
    expect(parse({}).success).toBe(true);
    expect(parse({ equipment: ['squat rack', 'pool'], opensAt: '06:00', closesAt: '22:00', sizeSqm: '450', heaviestDumbbellKg: '42.5', hasFitnessClasses: true }).success).toBe(true);
  });
  it('asks for both times unless the gym is open 24 hours', () => {
    expect(messagesOf({ opensAt: '06:00' })).toEqual([['closesAt', 'Give both the opening and the closing time, or tick Open 24 hours']]);
    expect(messagesOf({ closesAt: '22:00' })).toEqual([['opensAt', 'Give both the opening and the closing time, or tick Open 24 hours']]);
    expect(messagesOf({ opensAt: '06:00', closesAt: '06:00' })).toEqual([['closesAt', 'The opening and closing times must differ']]);
    expect(parse({ open24Hours: true, opensAt: '06:00' }).success).toBe(true);
  });
  it('checks the size and the heaviest dumbbell', () => {
    expect(messagesOf({ sizeSqm: '0' })).toEqual([['sizeSqm', 'Gym size must be a whole number of square metres from 1 to 100000']]);
    expect(messagesOf({ sizeSqm: '12.5' })).toEqual([['sizeSqm', 'Gym size must be a whole number of square metres from 1 to 100000']]);
    expect(messagesOf({ heaviestDumbbellKg: '250' })).toEqual([['heaviestDumbbellKg', 'Heaviest dumbbell must be a number of kilograms from 1 to 200']]);
  });
  it('refuses other equipment that names an unticked box, so unticking really removes it', () => {
    expect(messagesOf({ extras: 'Power rack, Sled lane' })).toEqual([['extras', '“Power rack” counts as Squat rack: tick it above or remove the item']]);
    expect(parse({ extras: 'Power rack, Sled lane', equipment: ['squat rack'] }).success).toBe(true);
  });
});

describe('toGymPayload', () => {
  it('sends ticked labels the other items do not already name, then the other items, and pool and sauna as the gym flags', () => {
    const payload = toGymPayload({ ...emptyGymData, equipment: ['sauna', 'squat rack', 'pool'], extras: 'Power rack, Sled lane', open24Hours: true, opensAt: '06:00', heaviestDumbbellKg: '50' });
    expect(payload.rawEquipment).toEqual(['pool', 'sauna', 'Power rack', 'Sled lane']);
    expect(payload.gym).toMatchObject({ weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '24h'])), sizeSqm: null, heaviestDumbbellKg: 50, hasPool: true, hasSauna: true, hasPersonalTrainer: false, hasFitnessClasses: false });
    expect(payload.gym).not.toHaveProperty('opensAt');
  });
  it('sends the gym’s name, place, entry, fee, a week with days that differ, and the counted pieces', () => {
    const payload = toGymPayload({
      ...emptyGymData,
      name: ' Riverside Health Club ',
      address: '1 Westferry Circus',
      distanceMetres: '150',
      walkingMinutes: '2',
      latitude: '51.5069',
      longitude: '-0.0272',
      entry: 'keycard',
      feeAmount: '12',
      feeCurrency: 'GBP',
      feePer: 'day',
      opensAt: '06:00',
      closesAt: '23:00',
      days: { ...emptyGymData.days, sat: '8:00 - 20:00', sun: 'Closed' },
      lightestDumbbellKg: '2',
      heaviestDumbbellKg: '46',
      plateKinds: ['calibrated', 'bumper'],
      pieces: { ...emptyGymData.pieces, 'rack_power-rack': '2', treadmill: '14', bench_flat: '0' },
    }).gym;
    expect(payload).toMatchObject({
      name: 'Riverside Health Club',
      description: null,
      address: '1 Westferry Circus',
      distanceMetres: 150,
      walkingMinutes: 2,
      latitude: 51.5069,
      longitude: -0.0272,
      entry: 'keycard',
      guestFee: { amount: 12, currency: 'GBP', per: 'day' },
      weeklyHours: { mon: '06:00-23:00', tue: '06:00-23:00', wed: '06:00-23:00', thu: '06:00-23:00', fri: '06:00-23:00', sat: '08:00-20:00', sun: 'closed' },
      lightestDumbbellKg: 2,
      heaviestDumbbellKg: 46,
      plateKinds: ['bumper', 'calibrated'],
      equipmentPieces: [
        { item: 'rack', kind: 'power-rack', count: 2 },
        { item: 'bench', kind: 'flat', count: 0 },
        { item: 'treadmill', kind: null, count: 14 },
      ],
    });
    expect(toGymPayload(emptyGymData).gym).toMatchObject({ weeklyHours: null, guestFee: null, entry: null, equipmentPieces: [] });
  });
  it('refuses a day’s hours that do not parse, counts out of range and a dumbbell range upside down', () => {
    expect(messagesOf({ days: { ...emptyGymData.days, mon: '6am-10pm' } })).toEqual([['days.mon', 'Hours of a day must be HH:MM-HH:MM (24-hour clock, e.g. 06:00-22:00), 24h or closed']]);
    expect(messagesOf({ pieces: { ...emptyGymData.pieces, treadmill: '101' } })).toEqual([['pieces.treadmill', 'A count must be a whole number from 0 to 100']]);
    expect(messagesOf({ lightestDumbbellKg: '30', heaviestDumbbellKg: '20' })).toEqual([['lightestDumbbellKg', 'The lightest dumbbell cannot be heavier than the heaviest']]);
    expect(messagesOf({ latitude: '51.5' })).toEqual([['longitude', 'Give the gym’s latitude (-90 to 90) and longitude (-180 to 180) together']]);
  });
  it('shows a stored week that varies day by day, and one that does not in the every-day fields', () => {
    const varied = gymDataFromHotel({ rawEquipment: [], gym: { ...baseGym, weeklyHours: { mon: '06:00-22:00', sat: '08:00-20:00' } } });
    expect(varied).toMatchObject({ opensAt: '', closesAt: '', open24Hours: false, days: { mon: '06:00-22:00', sat: '08:00-20:00', tue: '' } });
    const same = gymDataFromHotel({ rawEquipment: [], gym: { ...baseGym, weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '05:30-23:00'])), equipmentPieces: [{ item: 'rack', kind: 'half-rack', count: 3 }] } });
    expect(same).toMatchObject({ opensAt: '05:30', closesAt: '23:00', days: emptyGymData.days, pieces: { 'rack_half-rack': '3' } });
  });

  it('knows an empty gym and ignores the order of ticking', () => {
    expect(isEmptyGymData(emptyGymData)).toBe(true);
    expect(isEmptyGymData({ ...emptyGymData, hasFitnessClasses: true })).toBe(false);
    const a = { ...emptyGymData, equipment: ['rower', 'trx'] };
    expect(gymDataChanged(a, { ...a, equipment: ['trx', 'rower'] })).toBe(false);
    expect(gymDataChanged(a, { ...a, equipment: ['trx'] })).toBe(true);
  });
});

describe('weights in pounds', () => {
  const stored = gymDataFromHotel({ rawEquipment: [], gym: { ...baseGym, heaviestDumbbellKg: 40, lightestDumbbellKg: 0.5, heaviestKettlebellKg: 24, platesTotalKg: 1000 } });
  const lb = gymDataFromHotel({ rawEquipment: [], gym: { ...baseGym, heaviestDumbbellKg: 40, lightestDumbbellKg: 0.5, heaviestKettlebellKg: 24, platesTotalKg: 1000 } }, 'lb');
  const lbForm = (values: Partial<typeof emptyGymData>) => ({ ...emptyGymData, weightUnit: 'lb' as const, ...values });

  it('shows stored kilograms in pounds: dumbbells and kettlebells to the half pound, plates to the pound', () => {
    expect(stored).toMatchObject({ weightUnit: 'kg', heaviestDumbbellKg: '40', lightestDumbbellKg: '0.5', storedKg: { heaviestDumbbellKg: 40, lightestDumbbellKg: 0.5, heaviestKettlebellKg: 24, platesTotalKg: 1000 } });
    expect(lb).toMatchObject({ weightUnit: 'lb', heaviestDumbbellKg: '88', lightestDumbbellKg: '1', heaviestKettlebellKg: '53', platesTotalKg: '2205', storedKg: stored.storedKg });
    expect(weightFieldText(16, 'heaviestKettlebellKg', 'lb')).toBe('35.5');
    expect(weightFieldText(22.5, 'heaviestDumbbellKg', 'kg')).toBe('22.5');
    expect(weightFieldText(null, 'platesTotalKg', 'lb')).toBe('');
  });
  it('sends pounds typed as kilograms to one decimal', () => {
    expect(weightFieldKg('heaviestDumbbellKg', '50', 'lb')).toBe(22.7);
    expect(weightFieldKg('lightestDumbbellKg', ' 2.5 ', 'lb')).toBe(1.1);
    expect(weightFieldKg('platesTotalKg', '225', 'lb')).toBe(102.1);
    expect(weightFieldKg('heaviestDumbbellKg', '22.55', 'kg')).toBe(22.55);
    expect(weightFieldKg('heaviestDumbbellKg', '', 'lb')).toBeNull();
    expect(toGymPayload(lbForm({ heaviestDumbbellKg: '100', heaviestKettlebellKg: '53', platesTotalKg: '315' })).gym).toMatchObject({ heaviestDumbbellKg: 45.4, heaviestKettlebellKg: 24, platesTotalKg: 142.9, lightestDumbbellKg: null });
  });
  it('keeps a stored weight left as shown, so opening and saving in pounds moves nothing', () => {
    expect(toGymPayload(lb).gym).toMatchObject({ heaviestDumbbellKg: 40, lightestDumbbellKg: 0.5, heaviestKettlebellKg: 24, platesTotalKg: 1000 });
    expect(weightFieldKg('heaviestDumbbellKg', '88.0', 'lb', 40)).toBe(40);
    expect(weightFieldKg('heaviestDumbbellKg', '88.5', 'lb', 40)).toBe(40.1);
    expect(gymDataChanged(stored, lb)).toBe(false);
    expect(gymDataChanged(stored, { ...lb, heaviestDumbbellKg: '90' })).toBe(true);
    // A weight typed in pounds reads as typed when the form is opened again.
    for (const typed of ['2.5', '7.5', '12.5', '45', '50', '52.5', '105', '440.5']) {
      expect(weightFieldText(weightFieldKg('heaviestDumbbellKg', typed, 'lb'), 'heaviestDumbbellKg', 'lb')).toBe(typed);
    }
  });
  it('shows the weights again in kilograms when the unit changes back, stored ones as stored', () => {
    expect(gymWeightsIn({ ...lb, lightestDumbbellKg: '5' }, 'kg')).toEqual({ weightUnit: 'kg', heaviestDumbbellKg: '40', lightestDumbbellKg: '2.3', heaviestKettlebellKg: '24', platesTotalKg: '1000' });
    expect(gymWeightsIn({ ...lb, heaviestDumbbellKg: 'forty' }, 'kg')).toMatchObject({ heaviestDumbbellKg: 'forty' });
  });
  it('checks weights typed in pounds against the bounds in pounds, with messages that say pounds', () => {
    expect(weightFieldBounds('heaviestDumbbellKg', 'lb')).toEqual({ min: 2.5, max: 440.5, step: 0.5 });
    expect(weightFieldBounds('lightestDumbbellKg', 'lb')).toEqual({ min: 1.5, max: 440.5, step: 0.5 });
    expect(weightFieldBounds('heaviestKettlebellKg', 'lb')).toEqual({ min: 2.5, max: 220, step: 0.5 });
    expect(weightFieldBounds('platesTotalKg', 'lb')).toEqual({ min: 3, max: 22046, step: 1 });
    expect(weightFieldBounds('heaviestDumbbellKg', 'kg')).toEqual({ min: 1, max: 200, step: 0.5 });
    expect(parse(lbForm({ heaviestDumbbellKg: '440.5', lightestDumbbellKg: '1.5', heaviestKettlebellKg: '220', platesTotalKg: '22046' })).success).toBe(true);
    expect(messagesOf(lbForm({ heaviestDumbbellKg: '441', lightestDumbbellKg: '1', heaviestKettlebellKg: '221', platesTotalKg: '2' }))).toEqual([
      ['lightestDumbbellKg', 'Dumbbells must weigh from 1.5 to 440.5 lb'],
      ['heaviestDumbbellKg', 'Heaviest dumbbell must be a number of pounds from 2.5 to 440.5'],
      ['heaviestKettlebellKg', 'Heaviest kettlebell must be a number of pounds from 2.5 to 220'],
      ['platesTotalKg', 'Total plate weight must be a number of pounds from 3 to 22046'],
    ]);
    // 300 is too heavy a dumbbell in kilograms, not in pounds.
    expect(parse(lbForm({ heaviestDumbbellKg: '300' })).success).toBe(true);
    expect(messagesOf({ heaviestDumbbellKg: '300' })).toEqual([['heaviestDumbbellKg', 'Heaviest dumbbell must be a number of kilograms from 1 to 200']]);
    expect(messagesOf(lbForm({ lightestDumbbellKg: '50', heaviestDumbbellKg: '40' }))).toEqual([['lightestDumbbellKg', 'The lightest dumbbell cannot be heavier than the heaviest']]);
    // A stored 0.5 kg shows as 1 lb, under the pounds' lowest: left as shown it passes.
    expect(parse(lb).success).toBe(true);
    expect(messagesOf({ ...lb, lightestDumbbellKg: '1.0' })).toEqual([]);
    expect(messagesOf({ heaviestKettlebellKg: '101' })).toEqual([['heaviestKettlebellKg', 'Heaviest kettlebell must be a number of kilograms from 1 to 100']]);
  });
});
