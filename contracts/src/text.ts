/** Lower case with accents removed: the basis of search matching and slugs. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The spec's slug rule: lowercased, accents removed, non-alphanumerics removed, spaces turned into hyphens. */
export function slugify(name: string): string {
  return foldText(name)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

/** Description preview for cards: cut at `max` characters with an ellipsis. */
export function previewText(text: string | null | undefined, max = 120): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** How long to wait, for a rate-limit answer: "Please try again in 45 seconds." or "... in 3 minutes." */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.` : `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
