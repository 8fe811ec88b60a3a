import { defineEndpoints } from '../endpoint.ts';
import { trainingNeedsAnswer, trainingNeedsSchema } from '../training.ts';

/** "My training, matched" (docs/decisions.md): a signed-in traveller's saved gym needs, kept by engagement. */
export const trainingEndpoints = defineEndpoints('engagement', {
  'GET /api/me/training': {
    access: 'signedIn',
    summary: 'The caller\'s saved training needs (what they need from a hotel gym)',
    responses: { 200: trainingNeedsAnswer },
    doc: '`{ needs, updatedAt }`: `needs` `{ equipment: [label], pieces: [{ item, kind, count }], minDumbbellKg, opensBefore, openAfter }` or null (and `updatedAt` null) before any are saved. Weights are kilograms; the site shows the caller\'s unit',
  },
  'PUT /api/me/training': {
    access: 'signedIn',
    summary: 'Save the caller\'s training needs (the whole set)',
    body: trainingNeedsSchema,
    responses: { 200: trainingNeedsAnswer },
    doc: 'body `{ equipment?, pieces?, minDumbbellKg?, opensBefore?, openAfter? }`, the whole set (what is left out is not needed); answers what is saved. `equipment` taxonomy labels (case ignored, once each), `pieces` `{ item, kind?, count? }` (count 1–20, default 1; a kind only of its item; each item and kind once), `minDumbbellKg` 1–200, times `HH:MM`. 400 "Choose at least one thing you need from a gym", "Unknown equipment in your training needs: …", "Unknown piece in your training needs: …", "A needed count must be a whole number from 1 to 20", "Each piece is needed once (give its count instead)", "Needed dumbbells must weigh from 1 to 200 kg", "Opens before must be a time written HH:MM, …". Part of `GET /api/engagement/me/export` (`trainingNeeds`) and erased with the account',
  },
  'DELETE /api/me/training': {
    access: 'signedIn',
    summary: 'Forget the caller\'s training needs (idempotent)',
    responses: { 204: null },
    doc: '204, also when none were saved',
  },
});
