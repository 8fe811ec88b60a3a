import { z } from 'zod';
import { gymFactMessages } from './messages.ts';
import { supportedCurrencies } from './catalog-values.ts';
import {
  equipmentPieceItems,
  equipmentPieceKinds,
  gymEntryKinds,
  gymFactLimits,
  guestFeePeriods,
  maxPieceCount,
  normaliseDayHours,
  pieceKey,
  plateKinds,
  weekDays,
  type EquipmentPieceItem,
  type WeekDay,
  type WeeklyHours,
} from './gym-values.ts';

// The gym's facts beyond equipment labels, as the listing forms send them (inside `gym` of a listing) and the
// hotel answer shows them. Weights are kilograms, distances metres, times the gym's local 24-hour clock.

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A number from a form ("45", 45) or null to clear; '' means absent. */
const figure = (min: number, max: number, message: string, options: { integer?: boolean } = {}) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' ? (/^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v;
    },
    (options.integer ? z.number({ error: message }).int(message) : z.number({ error: message })).min(min, message).max(max, message).nullish(),
  );

/** Monday to Sunday, each "HH:MM-HH:MM", "24h" or "closed" (written loosely: "6:00 - 22:00", "Closed"); a day left out is not known. */
export const weeklyHoursSchema = z
  .record(z.string(), z.unknown(), { error: gymFactMessages.weeklyHoursInvalid })
  .check((ctx) => {
    for (const [day, value] of Object.entries(ctx.value)) {
      if (!(weekDays as readonly string[]).includes(day)) {
        ctx.issues.push({ code: 'custom', message: gymFactMessages.weeklyHoursDayInvalid, input: day, path: [day] });
      } else if (value !== null && value !== undefined && value !== '' && (typeof value !== 'string' || normaliseDayHours(value) === null)) {
        ctx.issues.push({ code: 'custom', message: gymFactMessages.weeklyHoursInvalid, input: value, path: [day] });
      }
    }
  })
  .transform((value): WeeklyHours => {
    const week: WeeklyHours = {};
    for (const day of weekDays) {
      const given = value[day];
      if (typeof given === 'string' && given.trim() !== '') week[day as WeekDay] = normaliseDayHours(given)!;
    }
    return week;
  });

/** A guest fee: the amount (0 = free) in one of the listing currencies, per visit, day or stay. */
export const guestFeeSchema = z.object(
  {
    amount: z.preprocess(
      (v) => (typeof v === 'string' ? (/^\s*\d+(\.\d{1,2})?\s*$/.test(v) ? Number(v) : Number.NaN) : v),
      z.number({ error: gymFactMessages.guestFeeInvalid }).min(gymFactLimits.guestFee.min, gymFactMessages.guestFeeInvalid).max(gymFactLimits.guestFee.max, gymFactMessages.guestFeeInvalid),
    ),
    currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(supportedCurrencies, { error: gymFactMessages.guestFeeInvalid })),
    per: z.enum(guestFeePeriods, { error: gymFactMessages.guestFeePeriodInvalid }),
  },
  { error: gymFactMessages.guestFeeInvalid },
);
export type GuestFee = z.infer<typeof guestFeeSchema>;

/** One counted piece of equipment: rack, bench or cable station with its kind, or a kind-less item, and how many. */
export const equipmentPieceSchema = z
  .object({
    item: z.enum(equipmentPieceItems as [EquipmentPieceItem, ...EquipmentPieceItem[]], { error: gymFactMessages.pieceItemInvalid }),
    kind: z.preprocess(emptyToUndefined, z.string({ error: gymFactMessages.pieceKindInvalid }).max(40, gymFactMessages.pieceKindInvalid).nullish()),
    count: z.number({ error: gymFactMessages.pieceCountInvalid }).int(gymFactMessages.pieceCountInvalid).min(0, gymFactMessages.pieceCountInvalid).max(maxPieceCount, gymFactMessages.pieceCountInvalid),
  })
  .check((ctx) => {
    const kinds = equipmentPieceKinds[ctx.value.item] as readonly string[];
    const kind = ctx.value.kind ?? null;
    if (kinds.length === 0 ? kind !== null : kind === null || !kinds.includes(kind)) {
      ctx.issues.push({ code: 'custom', message: gymFactMessages.pieceKindInvalid, input: ctx.value.kind, path: ['kind'] });
    }
  })
  .transform((piece) => ({ item: piece.item, kind: piece.kind ?? null, count: piece.count }));
export type EquipmentPiece = z.output<typeof equipmentPieceSchema>;

export const equipmentPiecesSchema = z
  .array(equipmentPieceSchema)
  .max(40)
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((piece, index) => {
      const key = pieceKey(piece.item, piece.kind);
      if (seen.has(key)) ctx.issues.push({ code: 'custom', message: gymFactMessages.pieceDuplicate, input: piece, path: [index] });
      seen.add(key);
    });
  });

/**
 * The gym's facts added to `gymDetails` (contracts/catalog.ts): where it is when it is not in the hotel, how a
 * guest gets in and what it costs, its week, and the equipment specs. Each field: omitted stays as it is, null
 * clears it (not known).
 */
export const gymFactFields = {
  address: z.preprocess(emptyToUndefined, z.string().trim().max(300, gymFactMessages.gymAddressMax).nullish()),
  distanceMetres: figure(gymFactLimits.distanceMetres.min, gymFactLimits.distanceMetres.max, gymFactMessages.distanceInvalid, { integer: true }),
  walkingMinutes: figure(gymFactLimits.walkingMinutes.min, gymFactLimits.walkingMinutes.max, gymFactMessages.walkingMinutesInvalid, { integer: true }),
  latitude: z.preprocess((v) => (typeof emptyToUndefined(v) === 'string' ? Number(v) : emptyToUndefined(v)), z.number({ error: gymFactMessages.gymPointInvalid }).min(-90, gymFactMessages.gymPointInvalid).max(90, gymFactMessages.gymPointInvalid).nullish()),
  longitude: z.preprocess((v) => (typeof emptyToUndefined(v) === 'string' ? Number(v) : emptyToUndefined(v)), z.number({ error: gymFactMessages.gymPointInvalid }).min(-180, gymFactMessages.gymPointInvalid).max(180, gymFactMessages.gymPointInvalid).nullish()),
  entry: z.preprocess(emptyToUndefined, z.enum(gymEntryKinds, { error: gymFactMessages.entryInvalid }).nullish()),
  guestFee: guestFeeSchema.nullish(),
  weeklyHours: weeklyHoursSchema.nullish(),
  equipmentPieces: equipmentPiecesSchema.nullish(),
  lightestDumbbellKg: figure(gymFactLimits.dumbbellKg.min, gymFactLimits.dumbbellKg.max, gymFactMessages.dumbbellRangeInvalid),
  heaviestKettlebellKg: figure(gymFactLimits.kettlebellKg.min, gymFactLimits.kettlebellKg.max, gymFactMessages.kettlebellInvalid),
  plateKinds: z.array(z.enum(plateKinds, { error: gymFactMessages.plateKindInvalid })).max(plateKinds.length).nullish(),
  platesTotalKg: figure(gymFactLimits.platesTotalKg.min, gymFactLimits.platesTotalKg.max, gymFactMessages.platesTotalInvalid),
};

/** The rules across those fields: a point is both coordinates or neither; the lightest dumbbell is not above the heaviest. */
export function checkGymFacts(ctx: { value: Record<string, unknown>; issues: unknown[] }): void {
  const gym = ctx.value as { latitude?: number | null; longitude?: number | null; lightestDumbbellKg?: number | null; heaviestDumbbellKg?: number | null };
  const hasLat = gym.latitude !== undefined && gym.latitude !== null;
  const hasLng = gym.longitude !== undefined && gym.longitude !== null;
  if (hasLat !== hasLng) ctx.issues.push({ code: 'custom', message: gymFactMessages.gymPointInvalid, input: gym, path: [hasLat ? 'longitude' : 'latitude'] });
  if (typeof gym.lightestDumbbellKg === 'number' && typeof gym.heaviestDumbbellKg === 'number' && gym.lightestDumbbellKg > gym.heaviestDumbbellKg) {
    ctx.issues.push({ code: 'custom', message: gymFactMessages.dumbbellRangeOrder, input: gym, path: ['lightestDumbbellKg'] });
  }
}

/** The same facts as every hotel answer shows them (null: not known). */
export const gymFactsAnswer = {
  address: z.string().nullable().optional(),
  distanceMetres: z.number().int().nullable().optional(),
  walkingMinutes: z.number().int().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  entry: z.enum(gymEntryKinds).nullable().optional(),
  guestFee: z.object({ amount: z.number(), currency: z.string(), per: z.enum(guestFeePeriods) }).nullable().optional(),
  /** Stated per day, else the daily opening and closing times (or 24 hours) for every day; null when not known. */
  weeklyHours: z.partialRecord(z.enum(weekDays), z.string()).nullable().optional(),
  equipmentPieces: z.array(z.object({ item: z.enum(equipmentPieceItems as [EquipmentPieceItem, ...EquipmentPieceItem[]]), kind: z.string().nullable(), count: z.number().int() })).optional(),
  lightestDumbbellKg: z.number().nullable().optional(),
  heaviestKettlebellKg: z.number().nullable().optional(),
  plateKinds: z.array(z.enum(plateKinds)).optional(),
  platesTotalKg: z.number().nullable().optional(),
};
