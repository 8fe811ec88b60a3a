import { convertAmount, currencyRates, formatPrice, ratesDateText, type SupportedCurrency } from '@reproute/contracts';

/**
 * A price as a traveller reads it: in the hotel's own currency, or, when they chose another currency, converted at
 * the dated reference rates and saying so (docs/decisions.md, "Units and currencies shown").
 */
export interface ShownPrice {
  /** "£285", or "≈ $362" when converted. */
  text: string;
  converted: boolean;
  /** The hotel's own price ("£285"). */
  original: string;
  /** "Converted from £285 at the rates of 2 Dec 2026", null when not converted. */
  note: string | null;
}

export const ratesNote = () => `at the rates of ${ratesDateText(currencyRates.asOf)}`;

export function shownPrice(amount: number, currency: string | null | undefined, wanted: SupportedCurrency | null): ShownPrice {
  const own = (currency || 'USD').toUpperCase();
  const original = formatPrice(amount, own);
  if (!wanted || wanted === own) return { text: original, converted: false, original, note: null };
  const value = convertAmount(amount, own, wanted);
  if (value === null) return { text: original, converted: false, original, note: null };
  return { text: `≈ ${formatPrice(value, wanted)}`, converted: true, original, note: `Converted from ${original} ${ratesNote()}` };
}

/** The nightly price and, with dates, the stay's total (nights × nightly), each as the traveller reads it. */
export interface ShownPrices {
  nightly: ShownPrice | null;
  /** "£1,140 for 4 nights" (or "≈ $1,448 for 4 nights"); null without a nightly price or usable dates. */
  stay: (ShownPrice & { nights: number }) | null;
}

export function shownPrices(nightlyAmount: number | null, currency: string | null | undefined, nights: number | null, wanted: SupportedCurrency | null): ShownPrices {
  if (nightlyAmount === null) return { nightly: null, stay: null };
  const nightly = shownPrice(nightlyAmount, currency, wanted);
  if (nights === null || nights < 1) return { nightly, stay: null };
  const total = shownPrice(nightlyAmount * nights, currency, wanted);
  const label = `for ${nights} ${nights === 1 ? 'night' : 'nights'}`;
  return { nightly, stay: { ...total, text: `${total.text} ${label}`, original: `${total.original} ${label}`, nights } };
}
