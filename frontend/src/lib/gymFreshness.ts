import { gymReportKindTitles } from '@reproute/contracts/gym-freshness-values';
import type { GymFreshness, GymReport, GymScoreConfidence } from '@reproute/contracts';

// The hotel page's and the provider's words for how old a gym's facts are (docs/decisions.md, "Gym facts that say how
// old they are"): "Confirmed by the hotel 3 weeks ago · 2 travellers confirmed in March", "A traveller reported on
// 2 Nov: cable station out of order".

const dayMs = 24 * 60 * 60 * 1000;
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const shortMonths = months.map((m) => m.slice(0, 3));

/** How long ago `iso` was, as a person says it: today, yesterday, 5 days ago, 3 weeks ago, 4 months ago, over a year ago. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / dayMs));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 365) return `${Math.floor(days / 30)} months ago`;
  return days < 730 ? 'over a year ago' : `${Math.floor(days / 365)} years ago`;
}

/** "Confirmed by the hotel 3 weeks ago" / "by our team". */
export function confirmedLine(freshness: Pick<GymFreshness, 'confirmedAt' | 'confirmedBy'>, now?: Date): string {
  if (!freshness.confirmedAt) return 'Not confirmed yet';
  const who = freshness.confirmedBy === 'admin' ? 'our team' : 'the hotel';
  return `Confirmed by ${who} ${timeAgo(freshness.confirmedAt, now)}`;
}

/** "2 travellers confirmed in March" (the latest month with any; the year when it is not this one), or null. */
export function travellersLine(freshness: Pick<GymFreshness, 'travellerConfirmations'>, now: Date = new Date()): string | null {
  const { latestMonth, latestMonthCount } = freshness.travellerConfirmations;
  if (!latestMonth || latestMonthCount === 0) return null;
  const [year, month] = latestMonth.split('-').map(Number) as [number, number];
  const when = `${months[month - 1]}${year === now.getUTCFullYear() ? '' : ` ${year}`}`;
  return `${latestMonthCount === 1 ? '1 traveller' : `${latestMonthCount} travellers`} confirmed in ${when}`;
}

/** "2 Nov" (with the year when it is not this one). */
export function shortDate(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${shortMonths[d.getUTCMonth()]}${d.getUTCFullYear() === now.getUTCFullYear() ? '' : ` ${d.getUTCFullYear()}`}`;
}

/** "A traveller reported on 2 Nov: cable station out of order". */
export function reportLine(report: Pick<GymReport, 'createdAt' | 'detail'>, now?: Date): string {
  return `A traveller reported on ${shortDate(report.createdAt, now)}: ${report.detail}`;
}

export const reportKindTitle = (kind: GymReport['kind']) => gymReportKindTitles[kind];

const levelWords: Record<GymScoreConfidence['level'], string> = { high: 'High confidence', medium: 'Medium confidence', low: 'Low confidence' };

/** "High confidence: the facts were confirmed recently" / "Medium confidence: counts its facts at 85 % (1 open report of a change)". */
export function confidenceLine(confidence: GymScoreConfidence): string {
  if (confidence.factor >= 1) return `${levelWords[confidence.level]}: the gym facts are recent and no change is reported`;
  return `${levelWords[confidence.level]}: the score counts its facts at ${Math.round(confidence.factor * 100)} % (${confidence.reasons.join('; ').toLowerCase()})`;
}
