import { describe, expect, it } from 'vitest';
import { defaultFilters, nightsBetween, noStay, readSearchFilters, readSearchState, readStay, searchPath, stayErrors, stayQuery } from './searchParams';
import { stayDatesText, stayTotalLabel } from './hotel';

const today = '2026-11-23';
const read = (qs: string) => readStay(new URLSearchParams(qs), today);

describe('dates and guests in the URL', () => {
  it('round-trips with the query, equipment and filters, which stay as they were', () => {
    const stay = { checkIn: '2026-12-12', checkOut: '2026-12-16', adults: 3 };
    const filters = { ...defaultFilters, sort: 'price' as const, minRating: 4 };
    const path = searchPath('Paris', ['sauna'], filters, stay);
    expect(path).toBe('/search?query=Paris&eq=sauna&sort=price&minRating=4&checkIn=2026-12-12&checkOut=2026-12-16&adults=3');
    const params = new URL(path, 'https://x.test').searchParams;
    expect(readStay(params, today)).toEqual(stay);
    expect(readSearchFilters(params)).toEqual(filters);
    expect(readSearchState(params)).toEqual({ query: 'Paris', eq: ['sauna'] });
    expect(stayQuery(stay)).toBe('?checkIn=2026-12-12&checkOut=2026-12-16&adults=3');
  });

  it('without a stay the path and the link query are unchanged', () => {
    expect(searchPath('Paris', [], defaultFilters, noStay)).toBe('/search?query=Paris');
    expect(stayQuery(noStay)).toBe('');
    expect(read('')).toEqual(noStay);
  });

  it('guests travel alone when no dates are chosen', () => {
    expect(searchPath('', [], defaultFilters, { checkIn: null, checkOut: null, adults: 4 })).toBe('/search?adults=4');
    expect(read('adults=4')).toEqual({ checkIn: null, checkOut: null, adults: 4 });
  });

  it('drops dates in the past, check-out on or before check-in, half a pair, unreal dates and guests outside 1–16', () => {
    expect(read('checkIn=2026-11-20&checkOut=2026-11-25')).toEqual(noStay);
    expect(read('checkIn=2026-12-16&checkOut=2026-12-12')).toEqual(noStay);
    expect(read('checkIn=2026-12-12&checkOut=2026-12-12')).toEqual(noStay);
    expect(read('checkIn=2026-12-12')).toEqual(noStay);
    expect(read('checkIn=2026-02-30&checkOut=2026-03-02')).toEqual(noStay);
    expect(read('checkIn=tomorrow&checkOut=2026-12-02')).toEqual(noStay);
    expect(read('adults=0').adults).toBeNull();
    expect(read('adults=17').adults).toBeNull();
    expect(read('adults=2.5').adults).toBeNull();
    expect(read('adults=16').adults).toBe(16);
    expect(read('checkIn=2026-11-23&checkOut=2026-11-24&adults=1')).toEqual({ checkIn: '2026-11-23', checkOut: '2026-11-24', adults: 1 });
  });
});

describe('nights and the price of the stay', () => {
  it('counts nights across months, years and the clock change', () => {
    expect(nightsBetween('2026-12-12', '2026-12-16')).toBe(4);
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(nightsBetween('2026-12-16', '2026-12-12')).toBeNull();
    expect(nightsBetween('2026-12-12', '2026-12-12')).toBeNull();
    expect(nightsBetween(null, '2026-12-12')).toBeNull();
  });

  it('multiplies the nightly price by the nights, with the one formatter', () => {
    expect(stayTotalLabel({ price: null, pricePerNight: 310, currency: 'EUR' }, 4)).toBe('€1,240 for 4 nights');
    expect(stayTotalLabel({ price: null, pricePerNight: 199.5, currency: 'USD' }, 1)).toBe('$200 for 1 night');
    expect(stayTotalLabel({ price: null, pricePerNight: 45000, currency: 'JPY' }, 3)).toBe('¥135,000 for 3 nights');
    expect(stayTotalLabel({ price: null, pricePerNight: null, currency: 'USD' }, 3)).toBeNull();
    expect(stayTotalLabel({ price: null, pricePerNight: 310, currency: 'EUR' }, null)).toBeNull();
  });

  it('describes the dates and guests', () => {
    expect(stayDatesText('2026-12-12', '2026-12-16', 2)).toBe('Sat 12 Dec – Wed 16 Dec 2026 · 2 guests');
    expect(stayDatesText('2026-12-12', '2026-12-13', 1)).toBe('Sat 12 Dec – Sun 13 Dec 2026 · 1 guest');
  });
});

describe('stay form messages', () => {
  const check = (checkIn: string, checkOut: string, adults: string | number = 2) => stayErrors({ checkIn, checkOut, adults }, today);

  it('accepts no dates, or a future stay, with 1 to 16 guests', () => {
    expect(check('', '')).toEqual({});
    expect(check('2026-11-23', '2026-11-24', 1)).toEqual({});
    expect(check('2026-12-12', '2026-12-16', '16')).toEqual({});
  });

  it('refuses past dates and a check-out on or before check-in', () => {
    expect(check('2026-11-22', '2026-11-25')).toEqual({ checkIn: 'Check-in can’t be in the past.' });
    expect(check('2026-12-16', '2026-12-12')).toEqual({ checkOut: 'Check-out must be after check-in.' });
    expect(check('2026-12-12', '2026-12-12')).toEqual({ checkOut: 'Check-out must be after check-in.' });
    expect(check('2026-11-01', '2026-11-02')).toEqual({ checkIn: 'Check-in can’t be in the past.', checkOut: 'Check-out can’t be in the past.' });
  });

  it('asks for the other date of a pair', () => {
    expect(check('2026-12-12', '')).toEqual({ checkOut: 'Choose a check-out date as well.' });
    expect(check('', '2026-12-12')).toEqual({ checkIn: 'Choose a check-in date as well.' });
  });

  it('refuses guests outside 1–16 and non-numbers', () => {
    for (const adults of ['0', '17', '', '2.5', 'two']) expect(check('', '', adults)).toEqual({ adults: 'Guests must be a whole number from 1 to 16.' });
  });
});
