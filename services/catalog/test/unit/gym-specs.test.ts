import { describe, expect, it } from 'vitest';
import { gymDetails } from '@reproute/contracts';
import { emptyGym, equipmentLabelsOf, gymFrom, heaviestDumbbellInText } from '../../src/domain/hotel.ts';

describe('the heaviest dumbbell read from the equipment text', () => {
  it('takes the largest weight of an item that names dumbbells and a unit, pounds converted', () => {
    expect(heaviestDumbbellInText(['Dumbbells 2.5-40kg', 'Kettlebells 8-48kg'])).toBe(40);
    expect(heaviestDumbbellInText(['Heavy dumbbells to 60kg'])).toBe(60);
    expect(heaviestDumbbellInText(['Dumbbells to 100 lb'])).toBe(45.4);
    expect(heaviestDumbbellInText(['Dumbbells', 'Barbell 20kg'])).toBeNull();
  });
});

describe('the "dumbbells ≥40kg" label follows the heaviest dumbbell', () => {
  it('is added or dropped by the figure when one is known, in taxonomy order', () => {
    expect(equipmentLabelsOf({ rawEquipment: ['Squat rack', 'Dumbbells 2.5-40kg'] })).toEqual(['squat rack', 'dumbbells ≥40kg', 'free weights']);
    expect(equipmentLabelsOf({ rawEquipment: ['Heavy dumbbells'], gym: { heaviestDumbbellKg: 30 } })).toEqual(['free weights']);
    expect(equipmentLabelsOf({ rawEquipment: ['dumbbells ≥40kg'], gym: { heaviestDumbbellKg: 24 } })).toEqual([]);
    // No figure: the taxonomy's reading of the words stands.
    expect(equipmentLabelsOf({ rawEquipment: ['Heavy dumbbells'] })).toEqual(['dumbbells ≥40kg', 'free weights']);
  });
});

describe('gymFrom with the week and the specs', () => {
  const week = gymDetails.parse({ weeklyHours: { mon: '06:00-22:00', sat: '08:00-20:00' } }).weeklyHours;
  it('makes the week the one source of the hours: daily fields and the shown text follow it', () => {
    const gym = gymFrom({ weeklyHours: week, hours: 'whatever the form said' }, null)!;
    expect(gym).toMatchObject({ weeklyHours: { mon: '06:00-22:00', sat: '08:00-20:00' }, hours: 'Mon 06:00–22:00, Sat 08:00–20:00', open24Hours: false, opensAt: null, closesAt: null });
    const cleared = gymFrom({ weeklyHours: null }, gym)!;
    expect(cleared).toMatchObject({ weeklyHours: null, hours: null, open24Hours: null });
  });
  it('keeps omitted facts, clears nulls and takes new pieces whole', () => {
    const base = { ...emptyGym, entry: 'keycard' as const, heaviestKettlebellKg: 32, equipmentPieces: [{ item: 'rack' as const, kind: 'power-rack', count: 2 }] };
    const next = gymFrom(gymDetails.parse({ entry: null, equipmentPieces: [{ item: 'bench', kind: 'flat', count: 3 }] }), base)!;
    expect(next).toMatchObject({ entry: null, heaviestKettlebellKg: 32, equipmentPieces: [{ item: 'bench', kind: 'flat', count: 3 }] });
  });
});
