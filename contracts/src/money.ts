const symbols: Record<string, string> = { USD: '$', GBP: '£', EUR: '€', JPY: '¥' };
/** One formatter for every price: `toLocaleString('en-US')` builds a new one per call (6% of a phone's first render of search). */
const wholeUnits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The one price formatter (product ruling 12): known symbols, else the code then the amount; whole units. */
export function formatPrice(amount: number | string | null | undefined, currency: string | null | undefined = 'USD'): string {
  if (amount === null || amount === undefined || amount === '') return 'N/A';
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return 'N/A';
  const code = (currency || 'USD').toUpperCase();
  const whole = wholeUnits.format(Math.round(value));
  const symbol = symbols[code];
  return symbol ? `${symbol}${whole}` : `${code} ${whole}`;
}

export const currencies = ['USD', 'GBP', 'EUR', 'JPY'] as const;
export type Currency = (typeof currencies)[number];
