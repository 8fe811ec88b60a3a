import { foldText } from './text.ts';

export const equipmentCategories = ['strength', 'cardio', 'specialty', 'recovery'] as const;
export type EquipmentCategory = (typeof equipmentCategories)[number];

export const equipmentCategoryTitles: Record<EquipmentCategory, string> = {
  strength: 'Strength Training',
  cardio: 'Cardio Equipment',
  specialty: 'Specialty Equipment',
  recovery: 'Recovery & Wellness',
};

/**
 * The equipment taxonomy of document 1, section 3: each label and the alias tokens that
 * identify it in a hotel's raw equipment list (matched on folded text, as substrings).
 */
export const equipmentTaxonomy: Record<EquipmentCategory, Record<string, readonly string[]>> = {
  strength: {
    'squat rack': ['squat rack', 'power rack', 'squat cage', 'half rack'],
    'barbell set': ['barbell', 'olympic bar', 'bumper plate'],
    'dumbbells ≥40kg': ['dumbbells up to 40', 'dumbbells up to 50', 'dumbbells to 40', 'dumbbells to 50', 'heavy dumbbell', 'dumbbells 40kg', 'dumbbells 50kg', 'dumbbells ≥40kg'],
    kettlebells: ['kettlebell'],
    'cable station': ['cable station', 'cable machine', 'cable crossover', 'cable tower'],
    'free weights': ['free weight', 'dumbbell'],
    'weight machines': ['weight machine', 'resistance machine', 'leg press', 'chest press', 'selectorised', 'selectorized'],
    'smith machine': ['smith machine'],
    platform: ['lifting platform', 'deadlift platform', 'platform'],
  },
  cardio: {
    treadmill: ['treadmill'],
    bike: ['bike', 'cycle', 'spin'],
    rower: ['rower', 'rowing'],
    elliptical: ['elliptical', 'cross trainer', 'cross-trainer'],
    'stair climber': ['stair climber', 'stairmaster', 'stair master', 'stepmill'],
  },
  specialty: {
    trx: ['trx', 'suspension trainer'],
    'pilates equipment': ['pilates', 'reformer'],
    'yoga mats': ['yoga'],
    'functional trainer': ['functional trainer', 'functional training'],
    'battle ropes': ['battle rope'],
  },
  recovery: {
    pool: ['pool'],
    sauna: ['sauna'],
    'steam room': ['steam', 'hammam'],
    'cold plunge': ['cold plunge', 'ice bath', 'cryo'],
    'hot tub': ['hot tub', 'jacuzzi', 'whirlpool'],
    'massage room': ['massage'],
    'stretching area': ['stretching', 'stretch zone', 'mobility area'],
  },
};

export type EquipmentByCategory = Record<EquipmentCategory, string[]>;

export const allEquipmentLabels: readonly string[] = equipmentCategories.flatMap((c) => Object.keys(equipmentTaxonomy[c]));

const labelCategory = new Map<string, EquipmentCategory>(
  equipmentCategories.flatMap((c) => Object.keys(equipmentTaxonomy[c]).map((label) => [label, c] as const)),
);

export function categoryOfLabel(label: string): EquipmentCategory | undefined {
  return labelCategory.get(label);
}

/** Labels of the taxonomy that a hotel's raw equipment list carries, grouped by category. */
export function classifyEquipment(rawEquipment: readonly string[]): EquipmentByCategory {
  const folded = rawEquipment.map((item) => foldText(item));
  // An item that is exactly a label (a ticked checklist box) means that label only: "dumbbells ≥40kg" is not also "free weights".
  const named = new Set(folded.filter((item) => labelCategory.has(item)));
  const described = folded.filter((item) => !named.has(item));
  const result: EquipmentByCategory = { strength: [], cardio: [], specialty: [], recovery: [] };
  for (const category of equipmentCategories) {
    for (const [label, aliases] of Object.entries(equipmentTaxonomy[category])) {
      if (named.has(label) || aliases.some((alias) => described.some((item) => item.includes(foldText(alias))))) result[category].push(label);
    }
  }
  return result;
}

/** The `eq` URL parameter: comma-separated labels, unknown ones dropped, duplicates removed. */
export function parseEquipmentParam(eq: string | null | undefined): string[] {
  if (!eq) return [];
  const known = new Set<string>();
  for (const part of eq.split(',')) {
    const label = part.trim().toLowerCase();
    if (labelCategory.has(label)) known.add(label);
  }
  return [...known];
}

/** Selected labels grouped by category; only categories with a selection appear. */
export function groupLabelsByCategory(labels: readonly string[]): Partial<EquipmentByCategory> {
  const grouped: Partial<EquipmentByCategory> = {};
  for (const label of labels) {
    const category = labelCategory.get(label);
    if (!category) continue;
    (grouped[category] ??= []).push(label);
  }
  return grouped;
}

/**
 * How the chosen equipment combines (the search's `eqMatch`): `all` (the default) is document 1's rule, `any` asks for
 * at least one of the chosen labels, whatever its category.
 */
export const equipmentMatchModes = ['all', 'any'] as const;
export type EquipmentMatch = (typeof equipmentMatchModes)[number];

/**
 * Document 1's equipment rule: within a category at least one label, and every selected category must match; with
 * `match` `any`, at least one selected label of any category.
 */
export function matchesEquipment(hotelLabels: EquipmentByCategory, selected: readonly string[], match: EquipmentMatch = 'all'): boolean {
  if (match === 'any') {
    // Unknown labels are left out, as the rule of `all` leaves them out.
    const known = selected.flatMap((label) => {
      const category = labelCategory.get(label);
      return category ? [[category, label] as const] : [];
    });
    return known.length === 0 || known.some(([category, label]) => hotelLabels[category].includes(label));
  }
  const grouped = groupLabelsByCategory(selected);
  return equipmentCategories.every((category) => {
    const wanted = grouped[category];
    return !wanted || wanted.some((label) => hotelLabels[category].includes(label));
  });
}

export const gymAccessTypes = ['on-site', 'partnered', 'nearby'] as const;
export type GymAccessType = (typeof gymAccessTypes)[number];
export const gymAccessLabels: Record<GymAccessType, string> = {
  'on-site': 'On-site Gym',
  partnered: 'Gym Partnership',
  nearby: 'Nearby Gyms',
};
