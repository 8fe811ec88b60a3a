import { z } from 'zod';
import {
  allEquipmentLabels,
  classifyEquipment,
  equipmentCategories,
  foldText,
  listingMessages,
  messages,
  splitCommaList,
  type GymDetails,
  type Hotel,
} from '@reproute/contracts';
import { equipmentLabelText } from '@/lib/hotel';

/**
 * The gym as the listing forms edit it: the taxonomy's checklist (pool and sauna are its recovery
 * boxes and also set hasPool/hasSauna), other equipment as comma-separated text, hours, size,
 * heaviest dumbbell and the services. Inputs hold text; toGymPayload converts for the API.
 */
export interface GymDataFormValues {
  equipment: string[];
  extras: string;
  open24Hours: boolean;
  opensAt: string;
  closesAt: string;
  sizeSqm: string;
  heaviestDumbbellKg: string;
  hasPersonalTrainer: boolean;
  hasFitnessClasses: boolean;
}

export const emptyGymData: GymDataFormValues = {
  equipment: [],
  extras: '',
  open24Hours: false,
  opensAt: '',
  closesAt: '',
  sizeSqm: '',
  heaviestDumbbellKg: '',
  hasPersonalTrainer: false,
  hasFitnessClasses: false,
};

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
    heaviestDumbbellKg: z.string().refine((v) => v.trim() === '' || (decimal.test(v.trim()) && Number(v) >= 1 && Number(v) <= 200), listingMessages.gymDumbbellInvalid),
    hasPersonalTrainer: z.boolean(),
    hasFitnessClasses: z.boolean(),
  })
  .superRefine((gym, ctx) => {
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

/** The form's gym values from a hotel: its labels ticked (pool and sauna also from the gym's flags), other items as text. */
export function gymDataFromHotel(hotel: Pick<Hotel, 'rawEquipment' | 'gym'>): GymDataFormValues {
  const gym = hotel.gym;
  // From the items themselves, so changes awaiting review (new items, same live labels) show as ticked.
  const raw = hotel.rawEquipment ?? [];
  const ticked = new Set(labelsOf(raw));
  if (gym?.hasPool) ticked.add('pool');
  if (gym?.hasSauna) ticked.add('sauna');
  const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    equipment: allEquipmentLabels.filter((label) => ticked.has(label)),
    extras: raw.filter((item) => !isLabelItem(item)).join(', '),
    open24Hours: gym?.open24Hours ?? false,
    opensAt: gym?.open24Hours ? '' : text(gym?.opensAt),
    closesAt: gym?.open24Hours ? '' : text(gym?.closesAt),
    sizeSqm: text(gym?.sizeSqm),
    heaviestDumbbellKg: text(gym?.heaviestDumbbellKg),
    hasPersonalTrainer: gym?.hasPersonalTrainer ?? false,
    hasFitnessClasses: gym?.hasFitnessClasses ?? false,
  };
}

export interface GymPayload {
  rawEquipment: string[];
  gym: GymDetails;
}

/** rawEquipment (ticked labels the other items do not already name, then the other items) and the gym's facts. */
export function toGymPayload(values: GymDataFormValues): GymPayload {
  const extras = splitCommaList(values.extras);
  const named = new Set(labelsOf(extras));
  const ticked = allEquipmentLabels.filter((label) => values.equipment.includes(label));
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    rawEquipment: [...ticked.filter((label) => !named.has(label)), ...extras],
    gym: {
      open24Hours: values.open24Hours,
      opensAt: values.open24Hours || !values.opensAt ? null : values.opensAt,
      closesAt: values.open24Hours || !values.closesAt ? null : values.closesAt,
      sizeSqm: number(values.sizeSqm),
      heaviestDumbbellKg: number(values.heaviestDumbbellKg),
      hasPool: ticked.includes('pool'),
      hasSauna: ticked.includes('sauna'),
      hasPersonalTrainer: values.hasPersonalTrainer,
      hasFitnessClasses: values.hasFitnessClasses,
    },
  };
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
