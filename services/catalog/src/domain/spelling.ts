import { allEquipmentLabels, foldText, longFormOf } from '@reproute/contracts';
import { termWords } from './search.ts';

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "londn" → "london" is 1,
 * "lodnon" → "london" 2, "parsi" → "paris" 1. The nearest spellings come from Postgres (trigram
 * distance, migration 021); this decides which of them is close enough.
 */
export function spellingDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i += 1) {
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** How many edits a typed text of this length may be from what was meant: none under 4 letters, then 1, 2 from 6, 3 from 9. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  if (length < 6) return 1;
  if (length < 9) return 2;
  return 3;
}

/** A spelling the catalog knows: a live hotel's city or country, a word of its name, city or country, or an equipment word. */
export interface KnownSpelling {
  kind: 'city' | 'country' | 'word' | 'equipment';
  /** Folded, as the search compares it. */
  key: string;
  /** As written ("London"). */
  term: string;
  hotels: number;
}

/** The closest known spelling within the allowed edits (fewest edits, then most hotels), or null. */
export function closestOf(typedKey: string, known: readonly KnownSpelling[]): KnownSpelling | null {
  const allowed = allowedEdits([...typedKey].length);
  if (allowed === 0) return null;
  let best: { spelling: KnownSpelling; edits: number } | null = null;
  for (const spelling of known) {
    const edits = spellingDistance(typedKey, spelling.key);
    if (edits === 0 || edits > allowed) continue;
    if (!best || edits < best.edits || (edits === best.edits && spelling.hotels > best.spelling.hotels)) best = { spelling, edits };
  }
  return best?.spelling ?? null;
}

/** Every word of the equipment taxonomy's labels ("dumbbells", "rack"…), a known spelling for typos in several-word searches. */
export const equipmentSpellings: readonly KnownSpelling[] = [
  ...new Set(allEquipmentLabels.flatMap((label) => termWords(label))),
].map((word) => ({ kind: 'equipment', key: foldText(word), term: word, hotels: 0 }));

/**
 * What the traveller probably meant (docs/decisions.md, "How search matches text"), given the nearest known spellings
 * of the whole text and of each word: the whole text as a city or country ("new yrok" → "New York"); else each word
 * that starts no known word replaced by its closest spelling ("londn gym" → "London gym"), short forms kept. Null when
 * nothing changes.
 */
export function correctedText(
  words: readonly string[],
  near: { whole: { key: string; known: readonly KnownSpelling[] }; words: readonly { key: string; known: readonly KnownSpelling[] }[] },
): string | null {
  if (words.length === 0) return null;
  const place = closestOf(
    near.whole.key,
    near.whole.known.filter((s) => s.kind === 'city' || s.kind === 'country'),
  );
  if (place) return place.term;
  let changed = false;
  const corrected = words.map((word, i) => {
    const candidates = near.words[i];
    if (!candidates || longFormOf(word)) return word;
    const known = words.length > 1 ? [...candidates.known, ...equipmentSpellings] : candidates.known;
    if (known.some((s) => s.kind !== 'city' && s.kind !== 'country' && s.key.startsWith(candidates.key))) return word;
    const closest = closestOf(candidates.key, known.filter((s) => s.kind === 'word' || s.kind === 'equipment'));
    if (!closest) return word;
    changed = true;
    return closest.term;
  });
  return changed ? corrected.join(' ') : null;
}
