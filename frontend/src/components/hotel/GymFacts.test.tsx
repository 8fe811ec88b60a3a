import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GymFacts } from './GymFacts';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';
import type { Hotel } from '@/api/types';
import { distanceLine, dumbbellRangeText, equipmentChipText, guestFeeText, gymPoint, pieceLines, platesText, weekRows } from '@/lib/gymFacts';

type Gym = NonNullable<Hotel['gym']>;
const baseGym: Gym = {
  name: null,
  type: null,
  description: null,
  hours: null,
  size: null,
  hasPool: false,
  hasSauna: false,
  hasPersonalTrainer: false,
};
const partner: Gym = {
  ...baseGym,
  name: 'Riverside Health Club',
  type: 'partner health club',
  description: 'Partner club 150 metres from the hotel; access with your key card.',
  address: '1 Westferry Circus, London E14 4HD',
  distanceMetres: 150,
  walkingMinutes: 2,
  latitude: 51.5069,
  longitude: -0.0272,
  entry: 'keycard',
  guestFee: { amount: 12, currency: 'GBP', per: 'day' },
  weeklyHours: { mon: '06:00-23:00', tue: '06:00-23:00', sat: '08:00-20:00', sun: 'closed' },
  equipmentPieces: [
    { item: 'rack', kind: 'power-rack', count: 2 },
    { item: 'rack', kind: 'smith-machine', count: 1 },
    { item: 'treadmill', kind: null, count: 14 },
  ],
  lightestDumbbellKg: 2,
  heaviestDumbbellKg: 46,
  heaviestKettlebellKg: 32,
  plateKinds: ['bumper', 'calibrated'],
  platesTotalKg: 1200,
};

describe('gym fact texts', () => {
  it('says distance, fee, dumbbells and plates as a lifter reads them', () => {
    expect(distanceLine(partner)).toBe('150 m from the hotel · 2 min walk');
    expect(distanceLine({ distanceMetres: 1800, walkingMinutes: null })).toBe('1.8 km from the hotel');
    expect(distanceLine({})).toBeNull();
    expect(guestFeeText(partner)).toBe('£12 per day');
    expect(guestFeeText({ guestFee: { amount: 0, currency: 'USD', per: 'stay' } })).toBe('Free for hotel guests');
    expect(guestFeeText({ guestFee: null })).toBeNull();
    expect(dumbbellRangeText(partner)).toBe('2–46 kg');
    expect(dumbbellRangeText({ heaviestDumbbellKg: 40 })).toBe('to 40 kg');
    expect(dumbbellRangeText({ lightestDumbbellKg: 2.5, heaviestDumbbellKg: 40 })).toBe('2.5–40 kg');
    expect(platesText(partner)).toBe('Bumper and calibrated, 1,200 kg in all');
    expect(pieceLines(partner)).toEqual([
      { item: 'rack', text: 'Racks: 2 power racks, 1 Smith machine' },
      { item: 'treadmill', text: 'Treadmills: 14 treadmills' },
    ]);
  });
  it('lists all seven days, the unknown ones as not stated', () => {
    const rows = weekRows(partner);
    expect(rows.map((r) => `${r.name} ${r.hours}`)).toEqual([
      'Monday 06:00–23:00',
      'Tuesday 06:00–23:00',
      'Wednesday Not stated',
      'Thursday Not stated',
      'Friday Not stated',
      'Saturday 08:00–20:00',
      'Sunday Closed',
    ]);
  });
  it('the ≥40 kg chip says the stated range, so chip and specs read one figure', () => {
    const plain = (label: string) => label;
    expect(equipmentChipText('dumbbells ≥40kg', { heaviestDumbbellKg: 60, lightestDumbbellKg: null }, plain)).toBe('Dumbbells to 60 kg');
    expect(equipmentChipText('dumbbells ≥40kg', partner, plain)).toBe('Dumbbells 2–46 kg');
    expect(equipmentChipText('dumbbells ≥40kg', { heaviestDumbbellKg: null, lightestDumbbellKg: null }, plain)).toBe('dumbbells ≥40kg');
    expect(equipmentChipText('kettlebells', partner, plain)).toBe('kettlebells');
  });
  it('places a gym on the map only when it is elsewhere and has a point', () => {
    expect(gymPoint({ gymAccessType: 'partnered', gym: partner })).toEqual({ lat: 51.5069, lng: -0.0272 });
    expect(gymPoint({ gymAccessType: 'on-site', gym: partner })).toBeNull();
    expect(gymPoint({ gymAccessType: 'nearby', gym: { ...partner, latitude: null, longitude: null } })).toBeNull();
  });
});

describe('GymFacts', () => {
  it('shows a partner gym’s name, description, place, entry, fee, week and specs', () => {
    renderWithApp(<GymFacts hotel={hotelFixture({ gymAccessType: 'partnered', gym: partner })} />);
    expect(screen.getByTestId('gym-name').textContent).toBe('Riverside Health Club');
    expect(screen.getByTestId('gym-description').textContent).toContain('Partner club 150 metres');
    const where = screen.getByTestId('gym-where');
    expect(within(where).getByRole('heading').textContent).toBe('At a partner gym');
    expect(where.textContent).toContain('1 Westferry Circus, London E14 4HD');
    expect(where.textContent).toContain('150 m from the hotel · 2 min walk');
    const entry = screen.getByTestId('gym-entry');
    expect(entry.textContent).toContain('Room keycard, any hour it is open');
    expect(entry.textContent).toContain('£12 per day');
    const hours = within(screen.getByTestId('gym-hours')).getAllByRole('row');
    expect(hours).toHaveLength(7);
    expect(hours[6]!.textContent).toBe('SundayClosed');
    const specs = screen.getByTestId('gym-specs').textContent;
    expect(specs).toContain('Racks: 2 power racks, 1 Smith machine');
    expect(specs).toContain('Dumbbells: 2–46 kg');
    expect(specs).toContain('Kettlebells: to 32 kg');
  });
  it('says what an on-site gym with few facts does not state', () => {
    renderWithApp(<GymFacts hotel={hotelFixture({ gymAccessType: 'on-site', gym: { ...baseGym, hours: 'Ask at the desk' } })} />);
    expect(screen.getByTestId('gym-where').textContent).toContain('The gym is in the hotel building.');
    expect(screen.getByTestId('gym-entry').textContent).toBe('Getting inEntryNot statedGuest feeNot stated');
    expect(screen.getByTestId('gym-hours').textContent).toContain('Ask at the desk');
    expect(screen.getByTestId('gym-specs').textContent).toContain('Counts and weights not stated');
    expect(screen.queryByTestId('gym-name')).toBeNull();
  });
  it('renders nothing for a hotel without a gym record', () => {
    const { container } = renderWithApp(<GymFacts hotel={hotelFixture({ gym: null })} />);
    expect(container.querySelector('[data-testid="gym-facts"]')).toBeNull();
  });
});
