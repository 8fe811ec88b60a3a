import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { supportedCurrencies } from '@reproute/contracts';
import { usdPerUnit } from '../../src/domain/price.ts';

/** The price filter converts bounds with currency_rates; price_usd is written with usdPerUnit: they must agree. */
describe('currency rates', () => {
  it('the migration seeds the same rate as the code for every supported currency', () => {
    const sql = readFileSync(new URL('../../migrations/006_search_filters.sql', import.meta.url), 'utf8');
    const seeded = Object.fromEntries([...sql.matchAll(/\('([A-Z]{3})', ([\d.]+)\)/g)].map((m) => [m[1], Number(m[2])]));
    expect(Object.keys(seeded).sort()).toEqual([...supportedCurrencies].sort());
    expect(seeded).toEqual(usdPerUnit);
  });
});
