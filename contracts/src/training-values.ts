// "My training, matched" without schemas (docs/decisions.md, "My training, matched"): what a traveller needs from
// a gym, how a hotel's gym fits it, and how the needs travel as search parameters. The search page, the cards and
// the hotel page import these without zod; training.ts builds the schemas from them. The catalog's fit sort
// (services/catalog/src/store/search.ts) states the same rules in SQL, and a route test holds the two together.
import { allEquipmentLabels, type EquipmentByCategory } from './equipment.ts';
import { equipmentPieceKinds, equipmentPieceNames, pieceKey, weekDays, type EquipmentPieceItem, type WeeklyHours } from './gym-values.ts';

/** One piece a traveller needs, at least `count` of it ("a power rack", "2 adjustable benches"). */
export interface NeededPiece {
  item: EquipmentPieceItem;
  kind: string | null;
  count: number;
}

/**
 * What a traveller needs from a hotel's gym, saved once: taxonomy labels (a rower, a sauna), counted pieces of a
 * kind (a power rack), dumbbells to at least N kg (always kilograms; the page shows the traveller's unit), and hours
 * (opens before HH:MM, open after HH:MM, on every day the gym opens). Empty lists and nulls are "not needed".
 */
export interface TrainingNeeds {
  equipment: string[];
  pieces: NeededPiece[];
  minDumbbellKg: number | null;
  opensBefore: string | null;
  openAfter: string | null;
}

export const emptyTrainingNeeds: TrainingNeeds = { equipment: [], pieces: [], minDumbbellKg: null, opensBefore: null, openAfter: null };

/** Limits of the needs: the lists' lengths, a piece's count, the dumbbells' weight (kg, as the gym facts). */
export const trainingNeedLimits = {
  equipment: allEquipmentLabels.length,
  pieces: 13,
  pieceCount: 20,
  dumbbellKg: { min: 1, max: 200 },
} as const;

/** The search parameters that carry the needs (GET /api/hotels/search), for `sort=fit`. */
export const trainingNeedParams = ['needEq', 'needPieces', 'needDumbbellKg', 'needOpensBefore', 'needOpenAfter'] as const;
export type TrainingNeedParam = (typeof trainingNeedParams)[number];

/** "rack:power-rack", "rack:power-rack*2", "rower": a needed piece as a token of `needPieces`. */
export function pieceToken(piece: NeededPiece): string {
  const key = pieceKey(piece.item, piece.kind);
  return piece.count > 1 ? `${key}*${piece.count}` : key;
}

/** A `needPieces` token read; null when its item, kind or count is not one the gym facts know. */
export function parsePieceToken(token: string): NeededPiece | null {
  const match = /^([a-z-]+)(?::([a-z-]+))?(?:\*(\d{1,3}))?$/.exec(token.trim().toLowerCase());
  if (!match) return null;
  const item = match[1] as EquipmentPieceItem;
  if (!Object.prototype.hasOwnProperty.call(equipmentPieceKinds, item)) return null;
  const kinds = equipmentPieceKinds[item] as readonly string[];
  const kind = match[2] ?? null;
  // No kind: any of the item ("a rack"); a kind must be one of the item's.
  if (kind !== null && !kinds.includes(kind)) return null;
  const count = match[3] === undefined ? 1 : Number(match[3]);
  if (!Number.isInteger(count) || count < 1 || count > trainingNeedLimits.pieceCount) return null;
  return { item, kind, count };
}

/** The needs as search parameters (only those given), in a fixed order so equal needs make equal URLs. */
export function trainingNeedsToParams(needs: TrainingNeeds): Partial<Record<TrainingNeedParam, string>> {
  const out: Partial<Record<TrainingNeedParam, string>> = {};
  if (needs.equipment.length) out.needEq = [...needs.equipment].join(',');
  if (needs.pieces.length) out.needPieces = needs.pieces.map(pieceToken).join(',');
  if (needs.minDumbbellKg !== null) out.needDumbbellKg = String(needs.minDumbbellKg);
  if (needs.opensBefore) out.needOpensBefore = needs.opensBefore;
  if (needs.openAfter) out.needOpenAfter = needs.openAfter;
  return out;
}

/** How many needs there are (what "Fits N of M" counts). */
export function trainingNeedCount(needs: TrainingNeeds): number {
  return needs.equipment.length + needs.pieces.length + (needs.minDumbbellKg !== null ? 1 : 0) + (needs.opensBefore ? 1 : 0) + (needs.openAfter ? 1 : 0);
}

/** "HH:MM" as minutes after midnight; null when it is not a time of day. */
export function minuteOfDay(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const storedDay = /^(24h|closed|([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00))$/;

/**
 * Whether, on every day of the week the gym opens, it opens before `minute` (early) or is open after it (late); null
 * when no open day's hours are known. The rule of Postgres' gym_hours_every_open_day (catalog migration 022).
 */
export function hoursEveryOpenDay(week: WeeklyHours | null | undefined, minute: number, early: boolean): boolean | null {
  const days = weekDays.map((d) => week?.[d]).filter((v): v is string => typeof v === 'string' && storedDay.test(v));
  const open = days.filter((v) => v !== 'closed');
  if (open.length === 0) return null;
  return open.every((v) => {
    if (v === '24h') return true;
    const opens = Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5));
    const closes = Number(v.slice(6, 8)) * 60 + Number(v.slice(9, 11));
    return early ? opens < minute : closes > minute || closes <= opens;
  });
}

/**
 * The heaviest dumbbell of a hotel as search reads it: the stated figure, else the heaviest named in its raw
 * equipment ("Dumbbells up to 50kg", pounds converted), the rule of the catalog's heaviest_dumbbell_kg.
 */
export function heaviestDumbbellOf(hotel: { rawEquipment?: readonly string[]; gym?: { heaviestDumbbellKg?: number | null } | null }): number | null {
  const stated = hotel.gym?.heaviestDumbbellKg;
  if (typeof stated === 'number') return stated;
  let heaviest: number | null = null;
  for (const item of hotel.rawEquipment ?? []) {
    if (!/dumb-?bell/i.test(item) || !/\d\s*(kg|lb|lbs|pound)/i.test(item)) continue;
    const pounds = /\d\s*(lb|lbs|pound)/i.test(item);
    for (const match of item.matchAll(/(\d+(?:\.\d+)?)/g)) {
      const value = pounds ? Math.round(Number(match[1]) * 0.4536 * 10) / 10 : Number(match[1]);
      if (heaviest === null || value > heaviest) heaviest = value;
    }
  }
  return heaviest;
}

/** What the fit reads of a hotel: any catalog answer has these. */
export interface FitHotel {
  rawEquipment?: readonly string[];
  equipment: EquipmentByCategory;
  gym: { heaviestDumbbellKg?: number | null; weeklyHours?: WeeklyHours | null; equipmentPieces?: readonly { item: string; kind: string | null; count: number }[] } | null;
}

export type NeedState = 'met' | 'missing' | 'unknown';
export type NeedKind = 'equipment' | 'piece' | 'dumbbells' | 'opensBefore' | 'openAfter';
export interface NeedFit {
  kind: NeedKind;
  /** Stable key: the label, the piece token, or the need's parameter. */
  key: string;
  state: NeedState;
}

/** How a gym fits the needs: each need met, missing (the listing says it is not there) or unknown (the listing says nothing). */
export interface GymFit {
  needs: NeedFit[];
  met: number;
  missing: number;
  unknown: number;
  total: number;
}

const allLabels = new Set(allEquipmentLabels);

/** The needs' fit with one hotel. An equipment label the listing lacks is missing; a spec it does not state is unknown. */
export function gymFit(hotel: FitHotel, needs: TrainingNeeds): GymFit {
  const result: NeedFit[] = [];
  const labels = new Set(Object.values(hotel.equipment ?? {}).flat());
  for (const label of needs.equipment) {
    if (!allLabels.has(label)) continue;
    result.push({ kind: 'equipment', key: label, state: labels.has(label) ? 'met' : 'missing' });
  }
  const pieces = hotel.gym?.equipmentPieces ?? [];
  for (const piece of needs.pieces) {
    const ofItem = pieces.filter((p) => p.item === piece.item);
    const ofKind = ofItem.filter((p) => piece.kind === null || p.kind === piece.kind);
    const count = ofKind.reduce((sum, p) => sum + p.count, 0);
    const state: NeedState = ofItem.length === 0 ? 'unknown' : count >= piece.count ? 'met' : 'missing';
    result.push({ kind: 'piece', key: pieceToken(piece), state });
  }
  if (needs.minDumbbellKg !== null) {
    const heaviest = heaviestDumbbellOf(hotel);
    result.push({ kind: 'dumbbells', key: 'needDumbbellKg', state: heaviest === null ? 'unknown' : heaviest >= needs.minDumbbellKg ? 'met' : 'missing' });
  }
  const hours = (time: string | null, early: boolean, kind: NeedKind, key: string) => {
    const minute = time ? minuteOfDay(time) : null;
    if (minute === null) return;
    const every = hoursEveryOpenDay(hotel.gym?.weeklyHours, minute, early);
    result.push({ kind, key, state: every === null ? 'unknown' : every ? 'met' : 'missing' });
  };
  hours(needs.opensBefore, true, 'opensBefore', 'needOpensBefore');
  hours(needs.openAfter, false, 'openAfter', 'needOpenAfter');
  const count = (state: NeedState) => result.filter((n) => n.state === state).length;
  return { needs: result, met: count('met'), missing: count('missing'), unknown: count('unknown'), total: result.length };
}

/** A piece need for people: "power rack", "2 adjustable benches", "rower". */
export function neededPieceText(piece: NeededPiece): string {
  const [singular, plural] = equipmentPieceNames[pieceKey(piece.item, piece.kind)] ?? [piece.item, piece.item];
  return piece.count > 1 ? `${piece.count} ${plural}` : singular;
}

/** The needs as one line: "power rack, dumbbells to 40 kg, opens before 06:00". `weight` writes a kg figure in the traveller's unit. */
export function needText(need: NeedFit, needs: TrainingNeeds, weight: (kg: number) => string = (kg) => `${kg} kg`): string {
  switch (need.kind) {
    case 'equipment':
      return need.key;
    case 'piece': {
      const piece = parsePieceToken(need.key);
      return piece ? neededPieceText(piece) : need.key;
    }
    case 'dumbbells':
      return `dumbbells to ${weight(needs.minDumbbellKg ?? 0)}`;
    case 'opensBefore':
      return `opens before ${needs.opensBefore}`;
    case 'openAfter':
      return `open after ${needs.openAfter}`;
  }
}

/** "Fits 5 of 6 · missing: rower" (and what the listing does not say), or null without needs. */
export function fitSummary(fit: GymFit, needs: TrainingNeeds, weight?: (kg: number) => string): { headline: string; missing: string | null; unknown: string | null } | null {
  if (fit.total === 0) return null;
  const list = (state: NeedState) => {
    const names = fit.needs.filter((n) => n.state === state).map((n) => needText(n, needs, weight));
    return names.length ? names.join(', ') : null;
  };
  return { headline: `Fits ${fit.met} of ${fit.total}`, missing: list('missing'), unknown: list('unknown') };
}
