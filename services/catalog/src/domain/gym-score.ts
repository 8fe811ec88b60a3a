import { categoryOfLabel, equipmentCategories, equipmentCategoryTitles, gymSizeBandLimits, type GymFactsAge, type GymHighlight, type GymScoreComponent, type GymScoreConfidence } from '@reproute/contracts';

/**
 * What the gym score is computed from. The hours, floor area and heaviest dumbbell are the facts the
 * search filters use: as the listing forms state them, else read by Postgres from the free text
 * (migrations 006 and 012: gyms.open_24h, gyms.size_sqm, hotels.heaviest_dumbbell_kg), so the score and
 * the filters never disagree.
 */
export interface GymFactsInput {
  /** Taxonomy labels of the raw equipment (hotels.equipment_labels). */
  equipmentLabels: readonly string[];
  heaviestDumbbellKg: number | null;
  sizeSqm: number | null;
  open24h: boolean;
  /** The gym's hours as written ("6:00 - 22:00"), null when not given. */
  hours: string | null;
  /** Approved reviews that gave the gym a rating (1-5): how many and their average. */
  gymRatings: { count: number; average: number | null };
  /**
   * How current the facts are: the latest confirmation of any kind (hotel, admin, traveller), the reports still open
   * or disputed, and the moment the score is worked out. Absent: the facts count in full.
   */
  freshness?: { lastConfirmedAt: Date | null; openReports: number; disputedReports: number; now: Date };
}

export interface GymScore {
  score: number;
  breakdown: GymScoreComponent[];
  confidence: GymScoreConfidence;
}

/** Bumped whenever the formula changes: stored breakdowns of another version are recomputed at start. */
export const gymScoreVersion = 2;

/** The most each component can give; they add up to 5 (docs/decisions.md, "Gym score"). */
export const gymScoreWeights = { variety: 1, strength: 1.5, size: 0.75, hours: 0.5, reviews: 1.25 } as const;

/** Strength depth: what each piece of serious lifting kit adds (of 1.5). */
const strengthPoints = { rack: 0.4, barbell: 0.35, platform: 0.25, dumbbells: 0.5 } as const;
/** Dumbbell range: the share of the dumbbell points by the heaviest pair (kg), best first. */
const dumbbellSteps: readonly [minKg: number, share: number][] = [
  [50, 1],
  [40, 0.8],
  [30, 0.6],
  [20, 0.4],
];
/** Dumbbells named without a weight still count a little. */
const unweighedDumbbellShare = 0.2;
/** Reviewers' ratings are pulled towards a neutral 3 as if two more reviewers had given it, so one rating cannot decide. */
const ratingPrior = { mean: 3, weight: 2 } as const;

const round2 = (n: number) => Math.round(n * 100) / 100;
const sqm = (n: number) => `${n.toLocaleString('en-US')} sqm`;
const kg = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} kg`;
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function varietyComponent(labels: readonly string[]): GymScoreComponent {
  const covered = equipmentCategories.filter((c) => labels.some((label) => categoryOfLabel(label) === c));
  const titles = covered.map((c) => equipmentCategoryTitles[c].toLowerCase());
  return {
    key: 'variety',
    label: 'Equipment variety',
    points: round2((gymScoreWeights.variety * covered.length) / equipmentCategories.length),
    maxPoints: gymScoreWeights.variety,
    reason: covered.length === 0 ? 'No equipment listed' : `Covers ${covered.length} of 4 groups: ${list(titles)}`,
  };
}

function strengthComponent(labels: readonly string[], heaviestKg: number | null): GymScoreComponent {
  const has = (label: string) => labels.includes(label);
  let points = 0;
  const found: string[] = [];
  const missing: string[] = [];
  const piece = (present: boolean, value: number, name: string) => {
    if (present) {
      points += value;
      found.push(name);
    } else missing.push(name);
  };
  piece(has('squat rack'), strengthPoints.rack, 'squat rack');
  piece(has('barbell set'), strengthPoints.barbell, 'barbells');
  piece(has('platform'), strengthPoints.platform, 'lifting platform');
  const step = heaviestKg === null ? undefined : dumbbellSteps.find(([min]) => heaviestKg >= min);
  if (heaviestKg !== null && heaviestKg > 0) {
    points += strengthPoints.dumbbells * (step?.[1] ?? unweighedDumbbellShare);
    found.push(`dumbbells to ${kg(heaviestKg)}`);
  } else if (has('dumbbells ≥40kg')) {
    points += strengthPoints.dumbbells * 0.8;
    found.push('dumbbells to 40 kg or more');
  } else if (has('free weights')) {
    points += strengthPoints.dumbbells * unweighedDumbbellShare;
    found.push('free weights (heaviest not stated)');
  } else missing.push('dumbbells');
  const reason = found.length === 0 ? 'No racks, barbells, platform or dumbbells listed' : `${capitalize(list(found))}${missing.length ? `; no ${list(missing)}` : ''}`;
  return { key: 'strength', label: 'Strength depth', points: round2(points), maxPoints: gymScoreWeights.strength, reason };
}

function sizeComponent(sizeSqm: number | null): GymScoreComponent {
  const base = { key: 'size' as const, label: 'Gym size', maxPoints: gymScoreWeights.size };
  if (sizeSqm === null || sizeSqm <= 0) return { ...base, points: 0, reason: 'Floor area not stated' };
  if (sizeSqm >= gymSizeBandLimits.large.minSqm) return { ...base, points: gymScoreWeights.size, reason: `${sqm(sizeSqm)}: a large gym` };
  if (sizeSqm >= gymSizeBandLimits.medium.minSqm) return { ...base, points: round2((gymScoreWeights.size * 2) / 3), reason: `${sqm(sizeSqm)}: a medium-sized gym` };
  return { ...base, points: round2(gymScoreWeights.size / 3), reason: `${sqm(sizeSqm)}: a small gym` };
}

function hoursComponent(open24h: boolean, hours: string | null): GymScoreComponent {
  const base = { key: 'hours' as const, label: 'Opening hours', maxPoints: gymScoreWeights.hours };
  if (open24h) return { ...base, points: gymScoreWeights.hours, reason: 'Open 24 hours' };
  const written = hours?.trim();
  if (written) return { ...base, points: round2(gymScoreWeights.hours / 2), reason: `Open ${written}, not around the clock` };
  return { ...base, points: 0, reason: 'Hours not stated' };
}

function reviewsComponent(ratings: GymFactsInput['gymRatings']): GymScoreComponent {
  const base = { key: 'reviews' as const, label: 'Reviewers’ gym ratings', maxPoints: gymScoreWeights.reviews };
  if (ratings.count <= 0 || ratings.average === null) return { ...base, points: 0, reason: 'No approved gym ratings yet' };
  const average = Math.min(5, Math.max(1, ratings.average));
  const settled = (average * ratings.count + ratingPrior.mean * ratingPrior.weight) / (ratings.count + ratingPrior.weight);
  const who = ratings.count === 1 ? '1 approved reviewer' : `${ratings.count} approved reviewers`;
  return { ...base, points: round2((gymScoreWeights.reviews * (settled - 1)) / 4), reason: `${average.toFixed(1)} of 5 from ${who}` };
}

/**
 * How the score loses weight when its facts are old or disputed (docs/decisions.md, "Gym facts that say how old they
 * are"): the facts' score is multiplied by a confidence factor, the age's factor times the reports' factor, never
 * below `minFactor`. Steps, not a slope, so a hotel's score changes only when its facts cross an age.
 */
export const gymFactsAgeSteps: readonly [maxDays: number, age: GymFactsAge, factor: number][] = [
  [90, 'fresh', 1],
  [180, 'ageing', 0.9],
  [365, 'old', 0.75],
];
/** Facts older than a year, or never confirmed. */
export const staleFactsFactor = 0.6;
/** Each open report takes this share off (a disputed one half of it), together at most `maxReportPenalty`. */
export const openReportPenalty = 0.15;
export const maxReportPenalty = 0.45;
export const minConfidenceFactor = 0.4;
/** The levels the page shows: high from 0.9, medium from 0.7, low below. */
export const confidenceLevelFrom = (factor: number) => (factor >= 0.9 ? 'high' : factor >= 0.7 ? 'medium' : 'low');

const dayMs = 24 * 60 * 60 * 1000;

/** The age band of facts last confirmed at `at` (null: never): fresh ≤ 90 days, ageing ≤ 180, old ≤ 365, else stale. */
export function gymFactsAge(at: Date | null, now: Date): { age: GymFactsAge; factor: number } {
  if (at === null) return { age: 'stale', factor: staleFactsFactor };
  const days = (now.getTime() - at.getTime()) / dayMs;
  const step = gymFactsAgeSteps.find(([maxDays]) => days <= maxDays);
  return step ? { age: step[1], factor: step[2] } : { age: 'stale', factor: staleFactsFactor };
}

/** The confidence of a facts' score of `factsScore` (0-5) under these freshness facts. */
export function gymScoreConfidenceOf(factsScore: number, freshness: GymFactsInput['freshness']): GymScoreConfidence {
  if (!freshness) return { level: 'high', factor: 1, factsScore, age: 'fresh', lastConfirmedAt: null, openReports: 0, disputedReports: 0, reasons: [] };
  const { age, factor: ageFactor } = gymFactsAge(freshness.lastConfirmedAt, freshness.now);
  const penalty = Math.min(maxReportPenalty, openReportPenalty * (freshness.openReports + freshness.disputedReports / 2));
  const factor = Math.max(minConfidenceFactor, round2(ageFactor * (1 - penalty)));
  const reasons: string[] = [];
  if (age === 'stale') reasons.push(freshness.lastConfirmedAt ? 'Facts not confirmed for over a year' : 'Facts never confirmed');
  else if (age !== 'fresh') reasons.push(age === 'ageing' ? 'Facts last confirmed 3 to 6 months ago' : 'Facts last confirmed 6 to 12 months ago');
  const reports = (n: number, what: string) => (n === 1 ? `1 ${what} report` : `${n} ${what} reports`);
  if (freshness.openReports > 0) reasons.push(`${reports(freshness.openReports, 'open')} of a change`);
  if (freshness.disputedReports > 0) reasons.push(`${reports(freshness.disputedReports, 'disputed')} (the hotel says the facts are right)`);
  return {
    level: confidenceLevelFrom(factor),
    factor,
    factsScore,
    age,
    lastConfirmedAt: freshness.lastConfirmedAt?.toISOString() ?? null,
    openReports: freshness.openReports,
    disputedReports: freshness.disputedReports,
    reasons,
  };
}

/**
 * The gym score, 0-5 to one decimal: equipment variety across the four taxonomy groups, strength
 * depth (rack, barbells, platform, dumbbell range), floor area, hours and approved reviewers' gym
 * ratings, each capped at its weight (gymScoreWeights), then weighted by the facts' confidence (age, open reports).
 * Pure: the same facts always give the same score.
 */
export function computeGymScore(facts: GymFactsInput): GymScore {
  const breakdown = [
    varietyComponent(facts.equipmentLabels),
    strengthComponent(facts.equipmentLabels, facts.heaviestDumbbellKg),
    sizeComponent(facts.sizeSqm),
    hoursComponent(facts.open24h, facts.hours),
    reviewsComponent(facts.gymRatings),
  ].map((c) => ({ ...c, points: Math.min(c.maxPoints, Math.max(0, c.points)) }));
  const total = breakdown.reduce((sum, c) => sum + c.points, 0);
  const factsScore = Math.min(5, Math.max(0, Math.round(total * 10) / 10));
  const confidence = gymScoreConfidenceOf(factsScore, facts.freshness);
  return { score: Math.min(5, Math.max(0, Math.round(factsScore * confidence.factor * 10) / 10)), breakdown, confidence };
}

/** Items that make a gym stand out, best first, as the card names them. */
const signatureItems: readonly [label: string, shown: string][] = [
  ['platform', 'Lifting platform'],
  ['squat rack', 'Squat rack'],
  ['cold plunge', 'Cold plunge'],
  ['barbell set', 'Olympic barbells'],
  ['sauna', 'Sauna'],
  ['pool', 'Pool'],
  ['steam room', 'Steam room'],
  ['kettlebells', 'Kettlebells'],
];

/** Hours short enough for a card chip; longer ones are left to the hotel page. */
const maxHoursLength = 20;

/**
 * Up to three gym facts for a hotel card: hours ("24 hours" or as written), floor area ("1,200 sqm"),
 * heaviest dumbbell ("Dumbbells to 50 kg"), then signature items to fill the three.
 */
export function gymHighlights(facts: Omit<GymFactsInput, 'gymRatings'>): GymHighlight[] {
  const highlights: GymHighlight[] = [];
  const hours = facts.hours?.trim();
  if (facts.open24h) highlights.push({ kind: 'hours', label: '24 hours' });
  else if (hours && hours.length <= maxHoursLength) highlights.push({ kind: 'hours', label: hours });
  if (facts.sizeSqm !== null && facts.sizeSqm > 0) highlights.push({ kind: 'size', label: sqm(facts.sizeSqm) });
  if (facts.heaviestDumbbellKg !== null && facts.heaviestDumbbellKg > 0) highlights.push({ kind: 'dumbbell', label: `Dumbbells to ${kg(facts.heaviestDumbbellKg)}` });
  for (const [label, shown] of signatureItems) {
    if (highlights.length >= 3) break;
    if (facts.equipmentLabels.includes(label)) highlights.push({ kind: 'signature', label: shown });
  }
  return highlights.slice(0, 3);
}
