import { describe, expect, it } from 'vitest';
import { emptyGymData, gymDataChanged, gymDataFormSchema, isEmptyGymData, toGymPayload } from './gymDataForm';

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
    expect(payload.gym).toEqual({ open24Hours: true, opensAt: null, closesAt: null, sizeSqm: null, heaviestDumbbellKg: 50, hasPool: true, hasSauna: true, hasPersonalTrainer: false, hasFitnessClasses: false });
  });
  it('knows an empty gym and ignores the order of ticking', () => {
    expect(isEmptyGymData(emptyGymData)).toBe(true);
    expect(isEmptyGymData({ ...emptyGymData, hasFitnessClasses: true })).toBe(false);
    const a = { ...emptyGymData, equipment: ['rower', 'trx'] };
    expect(gymDataChanged(a, { ...a, equipment: ['trx', 'rower'] })).toBe(false);
    expect(gymDataChanged(a, { ...a, equipment: ['trx'] })).toBe(true);
  });
});
