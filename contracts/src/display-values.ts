// Units and currencies a traveller reads figures in (docs/decisions.md, "Units and currencies shown"), without
// schemas: the search page, cards and the hotel page import these without pulling zod into their bundle;
// display-preferences.ts builds the schemas from them. Everything is stored and sent in kilograms and in the
// hotel's own currency; these only change what a traveller reads.
import { supportedCurrencies, type SupportedCurrency } from './catalog-values.ts';

/** The weight units a traveller may read figures in; kilograms unless they choose pounds. */
export const weightUnits = ['kg', 'lb'] as const;
export type WeightUnit = (typeof weightUnits)[number];
export const defaultWeightUnit: WeightUnit = 'kg';
export const weightUnitLabels: Record<WeightUnit, string> = { kg: 'Kilograms (kg)', lb: 'Pounds (lb)' };

/** The international avoirdupois pound, exactly. */
export const kgPerLb = 0.45359237;

export function isWeightUnit(value: unknown): value is WeightUnit {
  return typeof value === 'string' && (weightUnits as readonly string[]).includes(value);
}

/** Kilograms as read in `unit`: kilograms to one decimal (22.5), pounds to whole pounds (50). */
export function weightIn(kg: number, unit: WeightUnit): number {
  if (unit === 'lb') return Math.round(kg / kgPerLb);
  return Math.round(kg * 10) / 10;
}

/** A figure in `unit` without the unit: "22.5", "50", "2,400". */
export function weightNumberText(kg: number, unit: WeightUnit): string {
  const value = weightIn(kg, unit);
  const [whole, decimals] = String(value).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** "40 kg", "88 lb". */
export function formatWeight(kg: number, unit: WeightUnit): string {
  return `${weightNumberText(kg, unit)} ${unit}`;
}

/**
 * A text the catalog wrote in kilograms ("Dumbbells to 40 kg", "dumbbells ≥40kg") with each figure in `unit`
 * ("Dumbbells to 88 lb"); as it is for kilograms.
 */
export function weightsInText(text: string, unit: WeightUnit): string {
  if (unit !== 'lb') return text;
  return text.replace(/(\d+(?:\.\d+)?)\s?kg\b/gi, (_, n: string) => formatWeight(Number(n), unit));
}

/**
 * A weight given in a URL or a box, as kilograms: "50lb", "50 lbs", "22.5kg", "22.5 kg" or a bare number, which is
 * in `bareUnit` (kilograms unless said otherwise). Pounds are converted and kept to two decimals (50 lb is 22.68 kg).
 * Null for anything else (a negative or malformed number, an unknown unit).
 */
export function parseWeight(text: string | null | undefined, bareUnit: WeightUnit = 'kg'): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(kg|kgs|kilos?|lb|lbs|pounds?)?\s*$/i.exec(text ?? '');
  if (!match) return null;
  const value = Number(match[1]);
  const unitText = (match[2] ?? bareUnit).toLowerCase();
  const kg = unitText.startsWith('k') ? value : value * kgPerLb;
  return Math.round(kg * 100) / 100;
}

/** The currencies a traveller may read prices in (the listings' currencies). */
export const displayCurrencies = supportedCurrencies;

export function isDisplayCurrency(value: unknown): value is SupportedCurrency {
  return typeof value === 'string' && (supportedCurrencies as readonly string[]).includes(value);
}

/**
 * A traveller's display preferences: the weight unit and the currency prices are shown in (null: each hotel's own
 * currency, unconverted). Kept in the browser for everyone and, for a signed-in traveller, in their profile.
 */
export interface DisplayPreferences {
  units: WeightUnit;
  currency: SupportedCurrency | null;
}
export const defaultDisplayPreferences: DisplayPreferences = { units: 'kg', currency: null };
