// The dated reference exchange rates (docs/decisions.md, "Units and currencies shown"), without schemas: the pages
// that show prices import these (not every page's first script, which display-values.ts is part of).
import type { SupportedCurrency } from './catalog-values.ts';

/**
 * Reference exchange rates (US dollars per unit of each currency), dated. They are the catalog's `currency_rates`
 * (which price filters and the price sort use) and the only rates anything converts with, so a converted price and a
 * price filter always agree. No network is used: an operator refreshes them by changing `usdPerUnit` and `asOf` here
 * and writing a catalog migration that updates `currency_rates` to the same values (a catalog test keeps the two equal).
 */
export const currencyRates = {
  /** The date the rates were set, as travellers are told ("converted at the rates of 2 Dec 2026"). */
  asOf: '2026-12-02',
  usdPerUnit: {
    USD: 1,
    GBP: 1.27,
    EUR: 1.08,
    JPY: 0.0067,
    CAD: 0.73,
    AED: 0.2723,
    AUD: 0.66,
    CHF: 1.13,
    SGD: 0.74,
  } satisfies Record<SupportedCurrency, number>,
} as const;

/** An amount in `from` converted to `to` at the reference rates, rounded to cents; the amount itself when they are the same. */
export function convertAmount(amount: number, from: string, to: SupportedCurrency): number | null {
  const code = from.toUpperCase();
  if (code === to) return amount;
  const fromRate = currencyRates.usdPerUnit[code as SupportedCurrency];
  if (fromRate === undefined) return null;
  return Math.round(((amount * fromRate) / currencyRates.usdPerUnit[to]) * 100) / 100;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2 Dec 2026" for the rates' date. */
export function ratesDateText(iso: string = currencyRates.asOf): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${monthNames[m - 1]} ${y}`;
}
