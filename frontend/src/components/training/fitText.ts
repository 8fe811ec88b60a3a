import { formatWeight, gymFit, needText, type FitHotel, type GymFit, type NeedFit, type TrainingNeeds, type WeightUnit } from '@reproute/contracts';
import { equipmentLabelInUnit } from '@/lib/hotel';

/** One need as the fit line names it: "rower", "power rack", "dumbbells to 88 lb", "opens before 06:00". */
export function needLabel(need: NeedFit, needs: TrainingNeeds, unit: WeightUnit): string {
  if (need.kind === 'equipment') {
    const text = equipmentLabelInUnit(need.key, unit);
    return text === 'TRX' ? text : text.charAt(0).toLowerCase() + text.slice(1);
  }
  return needText(need, needs, (kg) => formatWeight(kg, unit));
}

export interface FitLine {
  fit: GymFit;
  headline: string;
  missing: string[];
  unknown: string[];
}

/** "Fits 5 of 6", the needs missing and those the listing does not state; null without needs. */
export function fitLine(hotel: FitHotel, needs: TrainingNeeds | null, unit: WeightUnit): FitLine | null {
  if (!needs) return null;
  const fit = gymFit(hotel, needs);
  if (fit.total === 0) return null;
  const names = (state: NeedFit['state']) => fit.needs.filter((n) => n.state === state).map((n) => needLabel(n, needs, unit));
  return { fit, headline: `Fits ${fit.met} of ${fit.total}`, missing: names('missing'), unknown: names('unknown') };
}

/** The card's line: "Fits 5 of 6 · missing: rower · not stated: power rack". */
export function fitLineText(line: FitLine): string {
  const parts = [line.headline];
  if (line.missing.length) parts.push(`missing: ${line.missing.join(', ')}`);
  if (line.unknown.length) parts.push(`not stated: ${line.unknown.join(', ')}`);
  return parts.join(' · ');
}
