// The gym's facts without schemas (docs/decisions.md, "Gym facts and equipment specs"): the hotel page and the
// forms import these without pulling zod into their bundle; gym-specs.ts builds the schemas from them.

/** The days of a gym's week, Monday first, as the keys of `weeklyHours`. */
export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof weekDays)[number];
export const weekDayNames: Record<WeekDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * One day's hours: "HH:MM-HH:MM" (24-hour clock; a closing time at or before the opening time is after
 * midnight, "24:00" is midnight), "24h" (open all day) or "closed". A day left out is not known.
 */
export type DayHours = string;
export type WeeklyHours = Partial<Record<WeekDay, DayHours>>;

const rangePattern = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** A day's hours read: minutes after midnight (closing may be 1440, or below opening when it is after midnight). */
export type ParsedDayHours = { kind: 'closed' } | { kind: 'all-day' } | { kind: 'range'; opens: number; closes: number };

/** "6:00 - 22:00", "06:00–22:00", "24h", "24 hours", "Closed" as the stored form ("06:00-22:00", "24h", "closed"); null when it does not parse. */
export function normaliseDayHours(text: string): DayHours | null {
  const value = text.trim().toLowerCase();
  if (value === 'closed') return 'closed';
  if (/^(24h|24 ?hours|open 24 hours|24\/7)$/.test(value)) return '24h';
  const match = /^(\d{1,2})[:.](\d{2})\s*[-–—]\s*(\d{1,2})[:.](\d{2})$/.exec(value);
  if (!match) return null;
  const stored = `${match[1]!.padStart(2, '0')}:${match[2]}-${match[3]!.padStart(2, '0')}:${match[4]}`;
  const parsed = parseDayHours(stored);
  return parsed && parsed.kind === 'range' ? stored : null;
}

/** A stored day's hours read; null when it is not one of the three forms or opens and closes at the same minute. */
export function parseDayHours(value: DayHours): ParsedDayHours | null {
  if (value === 'closed') return { kind: 'closed' };
  if (value === '24h') return { kind: 'all-day' };
  const match = rangePattern.exec(value);
  if (!match) return null;
  const opens = Number(match[1]) * 60 + Number(match[2]);
  const closes = match[3] === '24:00' ? 1440 : Number(match[4]) * 60 + Number(match[5]);
  if (opens === 0 && closes === 1440) return { kind: 'all-day' };
  if (opens === closes) return null;
  return { kind: 'range', opens, closes };
}

/** "06:00–22:00", "Open 24 hours", "Closed" for people. */
export function dayHoursText(value: DayHours): string {
  if (value === 'closed') return 'Closed';
  if (value === '24h') return 'Open 24 hours';
  return value.replace('-', '–');
}

/** How a guest gets into the gym. */
export const gymEntryKinds = ['keycard', 'staffed', 'reception'] as const;
export type GymEntryKind = (typeof gymEntryKinds)[number];
export const gymEntryLabels: Record<GymEntryKind, string> = {
  keycard: 'Room keycard, any hour it is open',
  staffed: 'Only while staffed',
  reception: 'Ask at reception',
};

/** What a guest fee is charged for. */
export const guestFeePeriods = ['visit', 'day', 'stay'] as const;
export type GuestFeePeriod = (typeof guestFeePeriods)[number];

/**
 * Equipment counted per piece, with the kinds a lifter asks about (an item without kinds has none). Counts are
 * whole numbers from 0 to `maxPieceCount`; a piece left out is not known.
 */
export const equipmentPieceKinds = {
  rack: ['power-rack', 'half-rack', 'squat-stand', 'smith-machine'],
  bench: ['flat', 'adjustable'],
  'cable-station': ['dual-adjustable', 'single-stack', 'crossover'],
  platform: [],
  treadmill: [],
  rower: [],
  bike: [],
} as const satisfies Record<string, readonly string[]>;
export type EquipmentPieceItem = keyof typeof equipmentPieceKinds;
export const equipmentPieceItems = Object.keys(equipmentPieceKinds) as EquipmentPieceItem[];
export type EquipmentPieceKind = (typeof equipmentPieceKinds)[EquipmentPieceItem][number];
export const maxPieceCount = 100;

/** Singular and plural names of each piece ("1 power rack", "3 adjustable benches"). */
export const equipmentPieceNames: Record<string, [singular: string, plural: string]> = {
  'rack:power-rack': ['power rack', 'power racks'],
  'rack:half-rack': ['half rack', 'half racks'],
  'rack:squat-stand': ['squat stand', 'squat stands'],
  'rack:smith-machine': ['Smith machine', 'Smith machines'],
  'bench:flat': ['flat bench', 'flat benches'],
  'bench:adjustable': ['adjustable bench', 'adjustable benches'],
  'cable-station:dual-adjustable': ['dual adjustable cable station', 'dual adjustable cable stations'],
  'cable-station:single-stack': ['single-stack cable station', 'single-stack cable stations'],
  'cable-station:crossover': ['cable crossover', 'cable crossovers'],
  platform: ['lifting platform', 'lifting platforms'],
  treadmill: ['treadmill', 'treadmills'],
  rower: ['rower', 'rowers'],
  bike: ['bike', 'bikes'],
};
export const equipmentPieceGroupTitles: Record<EquipmentPieceItem, string> = {
  rack: 'Racks',
  bench: 'Benches',
  'cable-station': 'Cable stations',
  platform: 'Platforms',
  treadmill: 'Treadmills',
  rower: 'Rowers',
  bike: 'Bikes',
};

/** The key of a piece in equipmentPieceNames: "rack:power-rack", or the item alone when it has no kinds. */
export const pieceKey = (item: string, kind: string | null | undefined) => (kind ? `${item}:${kind}` : item);

/** Every piece a form asks about, in order: each item's kinds, or the item alone. */
export type EquipmentPieceSlot = { item: EquipmentPieceItem; kind: EquipmentPieceKind | null };
export const equipmentPieceSlots: readonly EquipmentPieceSlot[] = equipmentPieceItems.flatMap((item): EquipmentPieceSlot[] => {
  const kinds = equipmentPieceKinds[item] as readonly EquipmentPieceKind[];
  return kinds.length ? kinds.map((kind) => ({ item, kind })) : [{ item, kind: null }];
});

/** "3 power racks", "1 treadmill". */
export function pieceText(piece: { item: string; kind?: string | null; count: number }): string {
  const [singular, plural] = equipmentPieceNames[pieceKey(piece.item, piece.kind)] ?? [piece.item, piece.item];
  return `${piece.count} ${piece.count === 1 ? singular : plural}`;
}

/** Kinds of weight plates. */
export const plateKinds = ['bumper', 'iron', 'calibrated'] as const;
export type PlateKind = (typeof plateKinds)[number];
export const plateKindLabels: Record<PlateKind, string> = { bumper: 'bumper', iron: 'iron', calibrated: 'calibrated' };

/** Limits of the figures (kg, metres, minutes). */
export const gymFactLimits = {
  dumbbellKg: { min: 0.5, max: 200 },
  kettlebellKg: { min: 1, max: 100 },
  platesTotalKg: { min: 1, max: 10_000 },
  distanceMetres: { min: 0, max: 50_000 },
  walkingMinutes: { min: 0, max: 600 },
  guestFee: { min: 0, max: 100_000 },
} as const;

/** Search filters on the gym's hours: opens before 06:00, or is open after 22:00, on every day it opens. */
export const earlyOpeningMinute = 6 * 60;
export const lateClosingMinute = 22 * 60;

/** The same hours every day: 24 hours, or one opening and closing time; null when neither is known. */
export function weekFromDaily(open24Hours: boolean | null, opensAt: string | null, closesAt: string | null): WeeklyHours | null {
  const day = open24Hours ? '24h' : opensAt && closesAt ? normaliseDayHours(`${opensAt}-${closesAt}`) : null;
  return day ? (Object.fromEntries(weekDays.map((d) => [d, day])) as WeeklyHours) : null;
}

/** The week as one daily fact when it allows: every day 24 hours, or every day the same range; else nothing in common. */
export function dailyFromWeek(week: WeeklyHours): { open24Hours: boolean; opensAt: string | null; closesAt: string | null } {
  const days = weekDays.map((d) => week[d]);
  if (days.every((v) => v === '24h')) return { open24Hours: true, opensAt: null, closesAt: null };
  const first = days[0];
  if (first && first.includes('-') && days.every((v) => v === first)) {
    const [opensAt, closesAt] = first.split('-') as [string, string];
    return { open24Hours: false, opensAt, closesAt: closesAt === '24:00' ? '00:00' : closesAt };
  }
  return { open24Hours: false, opensAt: null, closesAt: null };
}

const shortDay: Record<WeekDay, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** Runs of days with the same hours, Monday first: [{ from: 'mon', to: 'fri', hours: '06:00-22:00' }, …]; unknown days are left out. */
export function weekRuns(week: WeeklyHours): { from: WeekDay; to: WeekDay; hours: DayHours }[] {
  const runs: { from: WeekDay; to: WeekDay; hours: DayHours }[] = [];
  weekDays.forEach((day, index) => {
    const hours = week[day];
    if (!hours) return;
    const last = runs.at(-1);
    if (last && last.hours === hours && weekDays[index - 1] === last.to) last.to = day;
    else runs.push({ from: day, to: day, hours });
  });
  return runs;
}

/** "Open 24 hours", "06:00–22:00" or "Mon–Fri 06:00–22:00, Sat–Sun 08:00–20:00"; null when no day is known. */
export function weekSummary(week: WeeklyHours | null): string | null {
  if (!week) return null;
  const runs = weekRuns(week);
  if (runs.length === 0) return null;
  const whole = runs.length === 1 && runs[0]!.from === 'mon' && runs[0]!.to === 'sun';
  if (whole) return dayHoursText(runs[0]!.hours);
  return runs.map((r) => `${shortDay[r.from]}${r.from === r.to ? '' : `–${shortDay[r.to]}`} ${dayHoursText(r.hours)}`).join(', ');
}
