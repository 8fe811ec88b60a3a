import { describe, expect, it } from 'vitest';
import { convertAmount, currencyRates, displayPreferencesChange, formatWeight, kgPerLb, parseWeight, ratesDateText, supportedCurrencies, weightIn, weightNumberText } from '../src/index.ts';

describe('weights as a traveller reads them', () => {
  it('shows kilograms to one decimal and pounds to whole pounds', () => {
    expect(formatWeight(40, 'kg')).toBe('40 kg');
    expect(formatWeight(22.5, 'kg')).toBe('22.5 kg');
    expect(formatWeight(40, 'lb')).toBe('88 lb');
    expect(formatWeight(22.68, 'lb')).toBe('50 lb');
    expect(weightNumberText(2400, 'kg')).toBe('2,400');
    expect(weightNumberText(2400, 'lb')).toBe('5,291');
    expect(weightIn(100, 'lb')).toBe(220);
  });

  it('reads a weight with or without its unit, pounds converted to kilograms', () => {
    expect(parseWeight('50lb')).toBe(22.68);
    expect(parseWeight('50 LBS')).toBe(22.68);
    expect(parseWeight('100 pounds')).toBe(45.36);
    expect(parseWeight('22.5kg')).toBe(22.5);
    expect(parseWeight('40')).toBe(40);
    expect(parseWeight('50', 'lb')).toBe(22.68);
    expect(parseWeight('40 kg', 'lb')).toBe(40);
    for (const bad of ['', 'heavy', '-5kg', '50 stone', '5e3', '50lb50', null, undefined]) expect(parseWeight(bad), String(bad)).toBeNull();
    // A figure shown in pounds reads back as what it showed.
    expect(formatWeight(parseWeight('50lb')!, 'lb')).toBe('50 lb');
    expect(kgPerLb).toBe(0.45359237);
  });
});

describe('prices converted at the dated reference rates', () => {
  it('has a rate for every listing currency and a date', () => {
    expect(Object.keys(currencyRates.usdPerUnit).sort()).toEqual([...supportedCurrencies].sort());
    expect(currencyRates.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ratesDateText('2026-12-02')).toBe('2 Dec 2026');
  });

  it('converts through US dollars, to cents; the same currency is left as it is', () => {
    expect(convertAmount(285, 'GBP', 'USD')).toBe(361.95);
    expect(convertAmount(100, 'USD', 'GBP')).toBe(78.74);
    expect(convertAmount(285, 'gbp', 'GBP')).toBe(285);
    expect(convertAmount(30000, 'JPY', 'EUR')).toBe(186.11);
    expect(convertAmount(100, 'XYZ', 'USD')).toBeNull();
  });
});

describe('displayPreferencesChange', () => {
  it('takes either field, case ignored, and null for each hotel’s own currency', () => {
    expect(displayPreferencesChange.parse({ units: 'LB' })).toEqual({ units: 'lb' });
    expect(displayPreferencesChange.parse({ currency: ' eur ' })).toEqual({ currency: 'EUR' });
    expect(displayPreferencesChange.parse({ currency: null })).toEqual({ currency: null });
  });
  it('refuses unknown units, currencies, fields and an empty change', () => {
    for (const body of [{ units: 'st' }, { currency: 'XYZ' }, {}, { units: 'kg', extra: 1 }]) expect(displayPreferencesChange.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
