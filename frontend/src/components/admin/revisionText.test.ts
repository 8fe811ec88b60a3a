import { describe, expect, it } from 'vitest';
import { gymFactsText, revisionFieldLabels, revisionValueText } from './revisionText';

describe('revision text', () => {
  it('names fields and shows values for people', () => {
    expect(revisionFieldLabels.bookingUrl).toBe('Booking URL');
    expect(revisionValueText('bookingUrl', 'https://a.example/book')).toBe('https://a.example/book');
    expect(revisionValueText('contactEmail', null)).toBe('(none)');
    expect(revisionValueText('gymImages', [])).toBe('(none)');
    expect(revisionValueText('images', ['/a.jpg', '/b.jpg'])).toBe('/a.jpg, /b.jpg');
    expect(revisionValueText('cityId', 5, [{ id: 5, name: 'Dubai', country: 'United Arab Emirates' }])).toBe('Dubai, United Arab Emirates');
  });

  it('shows gym facts and equipment in one line', () => {
    expect(revisionFieldLabels.gym).toBe('Gym facilities');
    expect(revisionValueText('rawEquipment', ['squat rack', 'Sled lane'])).toBe('squat rack, Sled lane');
    expect(revisionValueText('gym', { open24Hours: true, sizeSqm: 1500, heaviestDumbbellKg: 60, hasPool: true, hasFitnessClasses: true })).toBe('Open 24 hours · 1,500 m² · dumbbells to 60 kg · pool, fitness classes');
    expect(revisionValueText('gym', { name: 'Quayside Barbell', hours: 'Mon–Fri 06:00–22:00, Sun Closed', heaviestDumbbellKg: 50, lightestDumbbellKg: 2, entry: 'staffed', guestFee: { amount: 15, currency: 'GBP', per: 'visit' }, distanceMetres: 400, walkingMinutes: 5, equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 3 }], heaviestKettlebellKg: 40, plateKinds: ['bumper'] })).toBe(
      'Quayside Barbell · Mon–Fri 06:00–22:00, Sun Closed · dumbbells 2–50 kg · 400 m away, 5 min walk · only while staffed · fee £15 per visit · 3 power racks · kettlebells to 40 kg · plates: bumper',
    );
    expect(gymFactsText({ opensAt: '06:00', closesAt: '22:00', size: '300 sqm' })).toBe('06:00–22:00 · 300 sqm');
    expect(gymFactsText({})).toBe('(none)');
  });

  it('shows a gym’s weights in the unit chosen', () => {
    const gym = { heaviestDumbbellKg: 40, lightestDumbbellKg: 2, heaviestKettlebellKg: 32, plateKinds: ['bumper'], platesTotalKg: 1000 };
    expect(revisionValueText('gym', gym)).toBe('dumbbells 2–40 kg · kettlebells to 32 kg · plates: bumper, 1,000 kg');
    expect(revisionValueText('gym', gym, [], 'lb')).toBe('dumbbells 4–88 lb · kettlebells to 71 lb · plates: bumper, 2,205 lb');
    expect(gymFactsText({ heaviestDumbbellKg: 22.68 }, 'lb')).toBe('dumbbells to 50 lb');
    expect(gymFactsText({ lightestDumbbellKg: 2 }, 'lb')).toBe('dumbbells from 4 lb');
  });
});
