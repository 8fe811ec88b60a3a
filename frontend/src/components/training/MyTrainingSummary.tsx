import { formatWeight, neededPieceText, type TrainingNeeds, type WeightUnit } from '@reproute/contracts';
import { useWeightUnit } from '@/lib/displayPrefs';
import { useTrainingNeeds } from '@/lib/training';
import { equipmentLabelInUnit } from '@/lib/hotel';
import { TrainingButton } from './TrainingButton';

/** The needs as a list for people: "Power rack", "Dumbbells to 40 kg", "Opens before 06:00", "Rower". */
export function needsList(needs: TrainingNeeds, unit: WeightUnit): string[] {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return [
    ...needs.pieces.map((p) => cap(neededPieceText(p))),
    ...(needs.minDumbbellKg !== null ? [`Dumbbells to ${formatWeight(needs.minDumbbellKg, unit)}`] : []),
    ...(needs.opensBefore ? [`Opens before ${needs.opensBefore}`] : []),
    ...(needs.openAfter ? [`Open after ${needs.openAfter}`] : []),
    ...needs.equipment.map((label) => equipmentLabelInUnit(label, unit)),
  ];
}

/** The profile's "My training": what is saved, and the button that edits it. */
export function MyTrainingSummary() {
  const needs = useTrainingNeeds();
  const unit = useWeightUnit();
  return (
    <div className="mt-2" data-testid="my-training-summary">
      {needs ? (
        <ul className="flex flex-wrap gap-2" aria-label="What you need from a gym">
          {needsList(needs, unit).map((text) => (
            <li key={text} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
              {text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Nothing saved yet. Save what you need from a gym once and every hotel shows how well it fits.</p>
      )}
      <TrainingButton label={needs ? 'Edit my training' : 'Set up my training'} className="mt-4" />
    </div>
  );
}
