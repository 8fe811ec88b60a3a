import { z } from 'zod';
import {
  allEquipmentLabels,
  classifyEquipment,
  equipmentCategories,
  equipmentPieceSlots,
  foldText,
  gymEntryKinds,
  gymFactLimits,
  gymFactMessages,
  kgPerLb,
  listingMessages,
  messages,
  normaliseDayHours,
  pieceKey,
  plateKinds,
  parseWeight,
  splitCommaList,
  weekDays,
  weekFromDaily,
  weightIn,
  weightUnits,
  type EquipmentPieceItem,
  type GuestFeePeriod,
  type GymDetails,
  type GymEntryKind,
  type Hotel,
  type PlateKind,
  type WeekDay,
  type WeeklyHours,
  type WeightUnit,
} from '@reproute/contracts';
import { equipmentLabelText } from '@/lib/hotel';

/**
 * The gym as the listing forms edit it: the taxonomy's checklist (pool and sauna are its recovery
 * boxes and also set hasPool/hasSauna), other equipment as comma-separated text, hours, size,
 * heaviest dumbbell and the services. Inputs hold text; toGymPayload converts for the API.
 *
 * The four weights (the fields named …Kg) are typed in `weightUnit`, the unit the person reads figures in
 * (lib/displayPrefs.ts): in pounds they are converted to kilograms to one decimal when sent, except a figure still
 * as it was shown, which is sent back as `storedKg` holds it, so opening and saving a listing never moves a weight.
 */
export interface GymDataFormValues {
  equipment: string[];
  extras: string;
  /** The gym's own name and description ("Riverside Health Club"). */
  name: string;
  description: string;
  /** Where a partner or nearby gym is. */
  address: string;
  distanceMetres: string;
  walkingMinutes: string;
  latitude: string;
  longitude: string;
  /** How a guest gets in ('' not stated) and the guest fee ('' not stated, 0 free). */
  entry: '' | GymEntryKind;
  feeAmount: string;
  feeCurrency: string;
  feePer: GuestFeePeriod;
  /** Every day's hours; `days` overrides single days ("08:00-20:00", "24h", "closed"; empty: as every day). */
  open24Hours: boolean;
  opensAt: string;
  closesAt: string;
  days: Record<WeekDay, string>;
  sizeSqm: string;
  lightestDumbbellKg: string;
  heaviestDumbbellKg: string;
  heaviestKettlebellKg: string;
  plateKinds: PlateKind[];
  platesTotalKg: string;
  /** The unit the four weights above are typed in. */
  weightUnit: WeightUnit;
  /** The weights as stored, in kilograms (null: none), which a figure shown and left as it was keeps. */
  storedKg: Record<GymWeightField, number | null>;
  /** Counts by piece (`pieceSlotId`): empty is not known. */
  pieces: Record<string, string>;
  hasPersonalTrainer: boolean;
  hasFitnessClasses: boolean;
}

/** The form's weights: each stored in kilograms, typed in the unit the person reads figures in. */
export const gymWeightFields = ['lightestDumbbellKg', 'heaviestDumbbellKg', 'heaviestKettlebellKg', 'platesTotalKg'] as const;
export type GymWeightField = (typeof gymWeightFields)[number];

/** Each weight's bounds in kilograms (the contract's), the step it is typed and shown in, and its messages. */
const weightRules: Record<GymWeightField, { min: number; max: number; step: number; kgMessage: string; lbMessage: (min: number, max: number) => string }> = {
  lightestDumbbellKg: { ...gymFactLimits.dumbbellKg, step: 0.5, kgMessage: gymFactMessages.dumbbellRangeInvalid, lbMessage: (min, max) => `Dumbbells must weigh from ${min} to ${max} lb` },
  // The heaviest dumbbell's bounds are the listing contract's (listingMessages.gymDumbbellInvalid).
  heaviestDumbbellKg: { min: 1, max: 200, step: 0.5, kgMessage: listingMessages.gymDumbbellInvalid, lbMessage: (min, max) => `Heaviest dumbbell must be a number of pounds from ${min} to ${max}` },
  heaviestKettlebellKg: { ...gymFactLimits.kettlebellKg, step: 0.5, kgMessage: gymFactMessages.kettlebellInvalid, lbMessage: (min, max) => `Heaviest kettlebell must be a number of pounds from ${min} to ${max}` },
  platesTotalKg: { ...gymFactLimits.platesTotalKg, step: 1, kgMessage: gymFactMessages.platesTotalInvalid, lbMessage: (min, max) => `Total plate weight must be a number of pounds from ${min} to ${max}` },
};

/**
 * A weight's bounds and step as typed in `unit`: in pounds the kilogram bounds converted and taken inwards to the
 * step (dumbbells 1.5–440.5 lb in half pounds), so whatever passes is within the contract's once converted.
 */
export function weightFieldBounds(field: GymWeightField, unit: WeightUnit): { min: number; max: number; step: number } {
  const { min, max, step } = weightRules[field];
  if (unit === 'kg') return { min, max, step };
  return { min: Math.ceil(min / kgPerLb / step) * step, max: Math.floor(max / kgPerLb / step) * step, step };
}

/** The message of a weight out of its bounds, in the unit it was typed in. */
export function weightFieldMessage(field: GymWeightField, unit: WeightUnit): string {
  if (unit === 'kg') return weightRules[field].kgMessage;
  const { min, max } = weightFieldBounds(field, unit);
  return weightRules[field].lbMessage(min, max);
}

/**
 * Kilograms as the form shows them in `unit`: as stored in kilograms; in pounds to the field's step (whole or half
 * pounds), so a weight typed in pounds and stored to a tenth of a kilogram reads as it was typed (2.5 lb is 1.1 kg).
 */
export function weightFieldText(kg: number | null, field: GymWeightField, unit: WeightUnit): string {
  if (kg === null) return '';
  if (unit === 'kg') return String(kg);
  const { step } = weightRules[field];
  return String(weightIn(kg / step, 'lb') * step);
}

/**
 * A typed weight in kilograms: null when empty or not a number. A figure as the stored weight is shown is the
 * stored weight (40 kg shows as 88 lb and stays 40 kg, not 39.9); other pounds are converted to one decimal.
 */
export function weightFieldKg(field: GymWeightField, text: string, unit: WeightUnit, storedKg: number | null = null): number | null {
  const typed = text.trim();
  if (typed === '' || !decimal.test(typed)) return null;
  if (shownAsStored(field, typed, unit, storedKg)) return storedKg;
  if (unit === 'kg') return Number(typed);
  const kg = parseWeight(typed, 'lb');
  return kg === null ? null : Math.round(kg * 10) / 10;
}

/** The typed figure is the stored weight as the form shows it in `unit` ("88" or "88.0" for 40 kg in pounds). */
const shownAsStored = (field: GymWeightField, typed: string, unit: WeightUnit, storedKg: number | null): storedKg is number =>
  storedKg !== null && decimal.test(typed.trim()) && Number(typed) === Number(weightFieldText(storedKg, field, unit));

/** The form's weights as typed in `unit` (a figure that is not a number stays as typed). */
export function gymWeightsIn(values: Pick<GymDataFormValues, GymWeightField | 'weightUnit' | 'storedKg'>, unit: WeightUnit): Pick<GymDataFormValues, GymWeightField | 'weightUnit'> {
  const converted = { weightUnit: unit } as Pick<GymDataFormValues, GymWeightField | 'weightUnit'>;
  for (const field of gymWeightFields) {
    const kg = weightFieldKg(field, values[field], values.weightUnit, values.storedKg[field]);
    converted[field] = kg === null ? values[field] : weightFieldText(kg, field, unit);
  }
  return converted;
}

/** A counted piece's form key: "rack_power-rack", "treadmill" (no dots, which the form reads as nesting). */
export const pieceSlotId = (item: string, kind: string | null) => pieceKey(item, kind).replace(':', '_');

const noDays = Object.fromEntries(weekDays.map((d) => [d, ''])) as Record<WeekDay, string>;
const noPieces = Object.fromEntries(equipmentPieceSlots.map((slot) => [pieceSlotId(slot.item, slot.kind), ''])) as Record<string, string>;

export const emptyGymData: GymDataFormValues = {
  equipment: [],
  extras: '',
  name: '',
  description: '',
  address: '',
  distanceMetres: '',
  walkingMinutes: '',
  latitude: '',
  longitude: '',
  entry: '',
  feeAmount: '',
  feeCurrency: 'USD',
  feePer: 'visit',
  open24Hours: false,
  opensAt: '',
  closesAt: '',
  days: noDays,
  sizeSqm: '',
  lightestDumbbellKg: '',
  heaviestDumbbellKg: '',
  heaviestKettlebellKg: '',
  plateKinds: [],
  platesTotalKg: '',
  weightUnit: 'kg',
  storedKg: { lightestDumbbellKg: null, heaviestDumbbellKg: null, heaviestKettlebellKg: null, platesTotalKg: null },
  pieces: noPieces,
  hasPersonalTrainer: false,
  hasFitnessClasses: false,
};

/** A form's number text within bounds ('' passes: not stated). */
const figureText = (min: number, max: number, message: string, integer = false) =>
  z.string().refine((v) => v.trim() === '' || ((integer ? wholeNumber : decimal).test(v.trim()) && Number(v) >= min && Number(v) <= max), message);

const labelSet = new Set<string>(allEquipmentLabels);
/** An item that is exactly a taxonomy label is a ticked box, not other equipment. */
const isLabelItem = (item: string) => labelSet.has(foldText(item.trim()));
const labelsOf = (items: readonly string[]) => equipmentCategories.flatMap((c) => classifyEquipment(items)[c]);
const wholeNumber = /^\d+$/;
const decimal = /^\d+(\.\d+)?$/;

export const gymDataFormSchema = z
  .object({
    equipment: z.array(z.string()),
    extras: z.string().max(4000),
    open24Hours: z.boolean(),
    opensAt: z.string(),
    closesAt: z.string(),
    sizeSqm: z.string().refine((v) => v.trim() === '' || (wholeNumber.test(v.trim()) && Number(v) >= 1 && Number(v) <= 100_000), listingMessages.gymSizeInvalid),
    // The weights' bounds depend on the unit they are typed in: see the refinement below.
    lightestDumbbellKg: z.string(),
    heaviestDumbbellKg: z.string(),
    heaviestKettlebellKg: z.string(),
    platesTotalKg: z.string(),
    weightUnit: z.enum(weightUnits),
    storedKg: z.object(Object.fromEntries(gymWeightFields.map((f) => [f, z.number().nullable()])) as Record<GymWeightField, z.ZodNullable<z.ZodNumber>>),
    name: z.string().max(200),
    description: z.string().max(2000),
    address: z.string().max(300, gymFactMessages.gymAddressMax),
    distanceMetres: figureText(gymFactLimits.distanceMetres.min, gymFactLimits.distanceMetres.max, gymFactMessages.distanceInvalid, true),
    walkingMinutes: figureText(gymFactLimits.walkingMinutes.min, gymFactLimits.walkingMinutes.max, gymFactMessages.walkingMinutesInvalid, true),
    latitude: z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= 90), gymFactMessages.gymPointInvalid),
    longitude: z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= 180), gymFactMessages.gymPointInvalid),
    entry: z.union([z.literal(''), z.enum(gymEntryKinds)]),
    feeAmount: figureText(gymFactLimits.guestFee.min, gymFactLimits.guestFee.max, gymFactMessages.guestFeeInvalid),
    feeCurrency: z.string(),
    feePer: z.enum(['visit', 'day', 'stay']),
    days: z.record(z.string(), z.string().refine((v) => v.trim() === '' || normaliseDayHours(v) !== null, gymFactMessages.weeklyHoursInvalid)),
    plateKinds: z.array(z.enum(plateKinds)),
    pieces: z.record(z.string(), figureText(0, 100, gymFactMessages.pieceCountInvalid, true)),
    hasPersonalTrainer: z.boolean(),
    hasFitnessClasses: z.boolean(),
  })
  .superRefine((gym, ctx) => {
    if ((gym.latitude.trim() === '') !== (gym.longitude.trim() === '')) ctx.addIssue({ code: 'custom', message: gymFactMessages.gymPointInvalid, path: [gym.latitude.trim() ? 'longitude' : 'latitude'] });
    // Each weight within its bounds in the unit it is typed in; a stored weight left as shown passes as it is.
    const kg: Partial<Record<GymWeightField, number>> = {};
    for (const field of gymWeightFields) {
      const typed = gym[field].trim();
      if (typed === '') continue;
      const value = weightFieldKg(field, typed, gym.weightUnit, gym.storedKg[field]);
      const { min, max } = weightFieldBounds(field, gym.weightUnit);
      if (value === null || (!shownAsStored(field, typed, gym.weightUnit, gym.storedKg[field]) && (Number(typed) < min || Number(typed) > max))) {
        ctx.addIssue({ code: 'custom', message: weightFieldMessage(field, gym.weightUnit), path: [field] });
      } else kg[field] = value;
    }
    if (kg.lightestDumbbellKg !== undefined && kg.heaviestDumbbellKg !== undefined && kg.lightestDumbbellKg > kg.heaviestDumbbellKg) {
      ctx.addIssue({ code: 'custom', message: gymFactMessages.dumbbellRangeOrder, path: ['lightestDumbbellKg'] });
    }
    if (!gym.open24Hours) {
      if (gym.opensAt && !gym.closesAt) ctx.addIssue({ code: 'custom', message: listingMessages.gymHoursIncomplete, path: ['closesAt'] });
      else if (!gym.opensAt && gym.closesAt) ctx.addIssue({ code: 'custom', message: listingMessages.gymHoursIncomplete, path: ['opensAt'] });
      else if (gym.opensAt && gym.opensAt === gym.closesAt) ctx.addIssue({ code: 'custom', message: listingMessages.gymHoursSame, path: ['closesAt'] });
    }
    const extras = splitCommaList(gym.extras);
    if (extras.some((item) => item.length > 100)) ctx.addIssue({ code: 'custom', message: messages.equipmentItemInvalid, path: ['extras'] });
    // Other equipment the taxonomy recognises must agree with the checklist, or unticking a box would not remove it.
    for (const item of extras) {
      const unticked = labelsOf([item]).filter((label) => !gym.equipment.includes(label));
      if (unticked.length > 0) {
        const names = unticked.map(equipmentLabelText).join(' and ');
        ctx.addIssue({ code: 'custom', message: `“${item}” counts as ${names}: tick ${unticked.length > 1 ? 'them' : 'it'} above or remove the item`, path: ['extras'] });
        break;
      }
    }
  });

/**
 * The form's gym values from a hotel: its labels ticked (pool and sauna also from the gym's flags), other items as
 * text, the weights in `unit` (the forms start in kilograms and useGymDataFields shows them in the reader's unit).
 */
export function gymDataFromHotel(hotel: Pick<Hotel, 'rawEquipment' | 'gym'>, unit: WeightUnit = 'kg'): GymDataFormValues {
  const gym = hotel.gym;
  // From the items themselves, so changes awaiting review (new items, same live labels) show as ticked.
  const raw = hotel.rawEquipment ?? [];
  const ticked = new Set(labelsOf(raw));
  if (gym?.hasPool) ticked.add('pool');
  if (gym?.hasSauna) ticked.add('sauna');
  const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const week = gym?.weeklyHours ?? null;
  const stated = week ? weekDays.map((d) => week[d] ?? '') : [];
  // One value every day fills the every-day fields; a week that varies is shown day by day.
  const sameEveryDay = stated.length > 0 && stated.every((v) => v === stated[0]) && stated[0] !== '';
  const everyDay = sameEveryDay ? stated[0]! : null;
  const range = everyDay && everyDay.includes('-') ? (everyDay.split('-') as [string, string]) : null;
  const pieces = { ...noPieces };
  for (const piece of gym?.equipmentPieces ?? []) pieces[pieceSlotId(piece.item, piece.kind)] = String(piece.count);
  const storedKg = Object.fromEntries(gymWeightFields.map((f) => [f, gym?.[f] ?? null])) as Record<GymWeightField, number | null>;
  const values: GymDataFormValues = {
    equipment: allEquipmentLabels.filter((label) => ticked.has(label)),
    extras: raw.filter((item) => !isLabelItem(item)).join(', '),
    name: text(gym?.name),
    description: text(gym?.description),
    address: text(gym?.address),
    distanceMetres: text(gym?.distanceMetres),
    walkingMinutes: text(gym?.walkingMinutes),
    latitude: text(gym?.latitude),
    longitude: text(gym?.longitude),
    entry: gym?.entry ?? '',
    feeAmount: gym?.guestFee ? String(gym.guestFee.amount) : '',
    feeCurrency: gym?.guestFee?.currency ?? 'USD',
    feePer: gym?.guestFee?.per ?? 'visit',
    open24Hours: week ? everyDay === '24h' : (gym?.open24Hours ?? false),
    opensAt: week ? (range?.[0] ?? '') : gym?.open24Hours ? '' : text(gym?.opensAt),
    closesAt: week ? (range?.[1] ?? '') : gym?.open24Hours ? '' : text(gym?.closesAt),
    days: sameEveryDay || !week ? noDays : (Object.fromEntries(weekDays.map((d) => [d, week[d] ?? ''])) as Record<WeekDay, string>),
    sizeSqm: text(gym?.sizeSqm),
    lightestDumbbellKg: text(gym?.lightestDumbbellKg),
    heaviestDumbbellKg: text(gym?.heaviestDumbbellKg),
    heaviestKettlebellKg: text(gym?.heaviestKettlebellKg),
    plateKinds: gym?.plateKinds ?? [],
    platesTotalKg: text(gym?.platesTotalKg),
    weightUnit: 'kg',
    storedKg,
    pieces,
    hasPersonalTrainer: gym?.hasPersonalTrainer ?? false,
    hasFitnessClasses: gym?.hasFitnessClasses ?? false,
  };
  return unit === 'kg' ? values : { ...values, ...gymWeightsIn(values, unit) };
}

export interface GymPayload {
  rawEquipment: string[];
  gym: GymDetails;
}

/** rawEquipment (ticked labels the other items do not already name, then the other items) and the gym's facts, weights in kilograms. */
export function toGymPayload(values: GymDataFormValues): GymPayload {
  const extras = splitCommaList(values.extras);
  const named = new Set(labelsOf(extras));
  const ticked = allEquipmentLabels.filter((label) => values.equipment.includes(label));
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  const textOrNull = (v: string) => v.trim() || null;
  const kg = (field: GymWeightField) => weightFieldKg(field, values[field], values.weightUnit, values.storedKg[field]);
  return {
    rawEquipment: [...ticked.filter((label) => !named.has(label)), ...extras],
    gym: {
      name: textOrNull(values.name),
      description: textOrNull(values.description),
      address: textOrNull(values.address),
      distanceMetres: number(values.distanceMetres),
      walkingMinutes: number(values.walkingMinutes),
      latitude: number(values.latitude),
      longitude: number(values.longitude),
      entry: values.entry || null,
      guestFee: values.feeAmount.trim() === '' ? null : { amount: Number(values.feeAmount), currency: values.feeCurrency as NonNullable<GymDetails['guestFee']>['currency'], per: values.feePer },
      weeklyHours: weekOf(values),
      sizeSqm: number(values.sizeSqm),
      lightestDumbbellKg: kg('lightestDumbbellKg'),
      heaviestDumbbellKg: kg('heaviestDumbbellKg'),
      heaviestKettlebellKg: kg('heaviestKettlebellKg'),
      plateKinds: plateKinds.filter((kind) => values.plateKinds.includes(kind)),
      platesTotalKg: kg('platesTotalKg'),
      equipmentPieces: equipmentPieceSlots.flatMap((slot) => {
        const count = values.pieces[pieceSlotId(slot.item, slot.kind)]?.trim() ?? '';
        return count === '' ? [] : [{ item: slot.item as EquipmentPieceItem, kind: slot.kind, count: Number(count) }];
      }),
      hasPool: ticked.includes('pool'),
      hasSauna: ticked.includes('sauna'),
      hasPersonalTrainer: values.hasPersonalTrainer,
      hasFitnessClasses: values.hasFitnessClasses,
    },
  };
}

/** The week sent: each day as typed, else the every-day hours (24 hours, or the opening and closing time); null when no day is known. */
export function weekOf(values: Pick<GymDataFormValues, 'open24Hours' | 'opensAt' | 'closesAt' | 'days'>): WeeklyHours | null {
  const everyDay = weekFromDaily(values.open24Hours, values.opensAt || null, values.closesAt || null);
  const week: WeeklyHours = {};
  for (const day of weekDays) {
    const typed = values.days[day]?.trim() ?? '';
    const hours = typed ? normaliseDayHours(typed) : (everyDay?.[day] ?? null);
    if (hours) week[day] = hours;
  }
  return Object.keys(week).length ? week : null;
}

/** True when nothing about the gym was entered (a new listing then sends no gym). */
export function isEmptyGymData(values: GymDataFormValues): boolean {
  return JSON.stringify(normalised(values)) === JSON.stringify(normalised(emptyGymData));
}

function normalised(values: GymDataFormValues) {
  const payload = toGymPayload(values);
  return { ...payload, rawEquipment: [...payload.rawEquipment].sort() };
}

/** True when the admin or provider changed the gym in the form (order of ticking and spacing aside). */
export function gymDataChanged(initial: GymDataFormValues, values: GymDataFormValues): boolean {
  return JSON.stringify(normalised(initial)) !== JSON.stringify(normalised(values));
}
