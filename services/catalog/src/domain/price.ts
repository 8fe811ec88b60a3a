import type { SupportedCurrency } from '@reproute/contracts';

/**
 * Reference rates (US dollars per unit), used only to order hotels priced in different currencies
 * when sorting by price; answers always show the hotel's own price and currency.
 */
export const usdPerUnit: Record<SupportedCurrency, number> = {
  USD: 1,
  GBP: 1.27,
  EUR: 1.08,
  JPY: 0.0067,
  CAD: 0.73,
  AED: 0.2723,
  AUD: 0.66,
  CHF: 1.13,
  SGD: 0.74,
};

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
