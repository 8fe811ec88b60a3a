import { defineEndpoints } from '../endpoint.ts';
import { displayPreferencesAnswer, displayPreferencesChange } from '../display-preferences.ts';

/** A signed-in traveller's display preferences (docs/decisions.md, "Units and currencies shown"), kept by identity. */
export const displayPreferenceEndpoints = defineEndpoints('identity', {
  'GET /api/auth/me/display-preferences': {
    access: 'signedIn',
    summary: 'The weight unit and currency the caller reads figures and prices in',
    responses: { 200: displayPreferencesAnswer },
    doc: '`{ units, currency, updatedAt }`: `units` `kg` or `lb` (default `kg`), `currency` one of the listings\' currencies or null (each hotel\'s own, unconverted; the default), `updatedAt` null while never set. Weights stay kilograms and prices the hotel\'s currency everywhere in the API; these only change what the site shows (`contracts/src/display-values.ts`)',
  },
  'PUT /api/auth/me/display-preferences': {
    access: 'signedIn',
    summary: 'Set the weight unit and/or currency the caller reads figures and prices in',
    body: displayPreferencesChange,
    responses: { 200: displayPreferencesAnswer },
    doc: 'body `{ units?, currency? }` (case ignored; a field left out keeps its value; `currency: null` goes back to each hotel\'s own); answers the preferences after the change. 400 "Units must be kg or lb", "Currency must be one of USD, GBP, …", "Give units, currency or both", "Only units and currency can be set". Part of `GET /api/auth/me/export` (`displayPreferences`) and erased with the account',
  },
});
