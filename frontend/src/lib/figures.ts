import type { SiteStats } from '@reproute/contracts';

/**
 * A count as the home page claims it (ruling 15; docs/decisions.md, "Summary figures"): under 100 the count
 * itself ("25"); from 100 the largest round number at or below it, with "+" ("277" is "200+", "1,234" is
 * "1,000+", "12,500" is "10K+"). Round numbers are 1, 2 and 5 times a power of ten, so the claim is never
 * above the truth and never far below it in the spec's form: "1,000+", "50+", "10K+".
 */
export function claimedCount(count: number): string {
  const n = Math.max(0, Math.floor(count));
  if (n < 100) return String(n);
  const power = 10 ** Math.floor(Math.log10(n));
  const round = [5, 2, 1].map((step) => step * power).find((value) => value <= n)!;
  if (round >= 1_000_000) return `${round / 1_000_000}M+`;
  if (round >= 10_000) return `${round / 1_000}K+`;
  return `${round.toLocaleString('en-US')}+`;
}

/** An average rating as claimed: one decimal, rounded down (4.79 is "4.7/5"), so it is never above the truth. */
export function claimedRating(average: number): string {
  return `${(Math.floor(average * 10 + 1e-9) / 10).toFixed(1)}/5`;
}

export interface SummaryFigure {
  value: string;
  label: string;
}

/** The home page's figures from the live answer; the rating only once there are approved reviews. */
export function summaryFigures(stats: Pick<SiteStats, 'hotels' | 'countries' | 'travellers' | 'averageRating'>): SummaryFigure[] {
  const figure = (count: number, one: string, many: string): SummaryFigure => ({ value: claimedCount(count), label: count === 1 ? one : many });
  return [
    figure(stats.hotels, 'Verified hotel', 'Verified hotels'),
    figure(stats.countries, 'Country', 'Countries'),
    figure(stats.travellers, 'Traveller', 'Travellers'),
    ...(stats.averageRating === null ? [] : [{ value: claimedRating(stats.averageRating), label: 'Average rating' }]),
  ];
}
