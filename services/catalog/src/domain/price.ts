import { currencyRates, type SupportedCurrency } from '@reproute/contracts';

/**
 * Reference rates (US dollars per unit), used to order hotels priced in different currencies when sorting by price
 * and to compare them with a price filter; answers always show the hotel's own price and currency. They are the
 * dated table in contracts (`currencyRates`, docs/decisions.md "Units and currencies shown"), which the site also
 * converts shown prices with, so a converted price and a price filter agree.
 */
export const usdPerUnit: Record<SupportedCurrency, number> = currencyRates.usdPerUnit;

/** A price as stored: whole cents, or null when there is none. Accepts the admin form's decimal strings. */
export function normalisePrice(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * 100) / 100;
}

/** The sort key for price: the amount in USD, or null (sorted last) when there is no positive price or the currency is unknown. */
export function priceInUsd(amount: number | null, currency: string): number | null {
  if (amount === null || amount <= 0) return null;
  const rate = usdPerUnit[currency.toUpperCase() as SupportedCurrency];
  if (rate === undefined) return null;
  return Math.round(amount * rate * 100) / 100;
}
