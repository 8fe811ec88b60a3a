import type { InsightLabel } from '@reproute/contracts';

/** A share (0 to 1) as a whole percentage; "--" when there is none. */
export function percent(share: number | null): string {
  return share === null ? '--' : `${Math.round(share * 100)}%`;
}

/** Labels naming several things or a material read without "a": "asked for free weights", "asked for a squat rack". */
const withoutArticle = new Set(['dumbbells ≥40kg', 'pilates equipment']);

export function labelPhrase(label: string): string {
  const text = label === 'trx' ? 'TRX' : label;
  if (withoutArticle.has(label) || label.endsWith('s')) return text;
  return `${/^[aeiou]/i.test(text) ? 'an' : 'a'} ${text}`;
}

/** "them" for labels naming several things, "one" for one. */
function pronoun(label: string): string {
  return withoutArticle.has(label) || label.endsWith('s') ? 'them' : 'one';
}

function names(hotels: { name: string }[]): string {
  const list = hotels.map((h) => h.name);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/**
 * One demand sentence: "42% of searches in London asked for a squat rack; your listing doesn't list one".
 * With several listings in the city, says which list it and which don't.
 */
export function insightSentence(city: string, insight: Pick<InsightLabel, 'label' | 'share' | 'hotels'>): string {
  const head = `${percent(insight.share)} of searches in ${city} asked for ${labelPhrase(insight.label)}`;
  const it = pronoun(insight.label);
  const listing = insight.hotels.filter((h) => h.lists === true);
  const missing = insight.hotels.filter((h) => h.lists === false);
  const unknown = insight.hotels.filter((h) => h.lists === null);
  if (insight.hotels.length === 1) {
    const [only] = insight.hotels;
    if (only!.lists === true) return `${head}; your listing lists ${it}`;
    if (only!.lists === false) return `${head}; your listing doesn't list ${it}`;
    return `${head}; we can't tell yet whether your listing has ${it}`;
  }
  const parts: string[] = [];
  if (missing.length === insight.hotels.length) parts.push(`none of your ${missing.length} listings here lists ${it}`);
  else if (listing.length === insight.hotels.length) parts.push(`all ${listing.length} of your listings here list ${it}`);
  else {
    if (listing.length > 0) parts.push(`${names(listing)} ${listing.length === 1 ? 'lists' : 'list'} ${it}`);
    if (missing.length > 0) parts.push(`${names(missing)} ${missing.length === 1 ? "doesn't" : "don't"}`);
    if (unknown.length > 0) parts.push(`not known yet for ${names(unknown)}`);
  }
  return `${head}; ${parts.join('; ')}`;
}

/** A day (YYYY-MM-DD) as "Nov 23". */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A rounded-up axis maximum with at least 1, so an empty chart still has a scale. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}
