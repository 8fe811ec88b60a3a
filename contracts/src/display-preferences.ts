import { z } from 'zod';
import { displayPreferenceMessages } from './messages.ts';
import { displayCurrencies, weightUnits } from './display-values.ts';

// Schemas of a traveller's display preferences (docs/decisions.md, "Units and currencies shown"); the values are in
// display-values.ts.

const units = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(weightUnits, { error: displayPreferenceMessages.unitsInvalid }));
const currency = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(displayCurrencies, { error: displayPreferenceMessages.currencyInvalid }).nullable(),
);

/** PUT /api/auth/me/display-preferences: either or both; a field left out keeps its value, `currency: null` is each hotel's own. */
export const displayPreferencesChange = z
  .strictObject(
    {
      units: units.optional(),
      currency: currency.optional(),
    },
    { error: displayPreferenceMessages.unknownField },
  )
  .refine((body) => body.units !== undefined || body.currency !== undefined, { message: displayPreferenceMessages.nothingToChange });
export type DisplayPreferencesChange = z.infer<typeof displayPreferencesChange>;

export const displayPreferencesAnswer = z.object({
  units: z.enum(weightUnits),
  currency: z.enum(displayCurrencies).nullable(),
  /** When the owner last changed them; null while they never have (the defaults). */
  updatedAt: z.string().nullable(),
});
export type DisplayPreferencesAnswer = z.infer<typeof displayPreferencesAnswer>;
