import {
  equipmentPieceSlots,
  parseWeight,
  pieceKey,
  trainingMessages,
  trainingNeedCount,
  trainingNeedLimits,
  weightIn,
  type TrainingNeeds,
  type WeightUnit,
} from '@reproute/contracts';

// The "My training" form's values and the needs they stand for (the dialog's logic, without React).

export const countChoices = [1, 2, 3, 4, 6, 8] as const;

export interface FormState {
  equipment: string[];
  /** Needed count per piece slot ("rack:power-rack"), 0 = not needed. */
  pieces: Record<string, number>;
  dumbbells: string;
  opensBefore: string;
  openAfter: string;
}

export function formFromNeeds(needs: TrainingNeeds | null, unit: WeightUnit): FormState {
  return {
    equipment: needs?.equipment ?? [],
    pieces: Object.fromEntries((needs?.pieces ?? []).map((p) => [pieceKey(p.item, p.kind), p.count])),
    dumbbells: needs?.minDumbbellKg != null ? String(weightIn(needs.minDumbbellKg, unit)) : '',
    opensBefore: needs?.opensBefore ?? '',
    openAfter: needs?.openAfter ?? '',
  };
}

/** The form's needs, or the message of what is wrong with them. */
export function needsFromForm(form: FormState, unit: WeightUnit): { needs: TrainingNeeds } | { error: string } {
  let minDumbbellKg: number | null = null;
  if (form.dumbbells.trim() !== '') {
    const kg = parseWeight(form.dumbbells, unit);
    if (kg === null || kg < trainingNeedLimits.dumbbellKg.min || kg > trainingNeedLimits.dumbbellKg.max) return { error: trainingMessages.dumbbellInvalid };
    minDumbbellKg = kg;
  }
  const pieces = equipmentPieceSlots.flatMap((slot) => {
    const count = form.pieces[pieceKey(slot.item, slot.kind)] ?? 0;
    return count > 0 ? [{ item: slot.item, kind: slot.kind, count }] : [];
  });
  const time = (v: string) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : null);
  if (form.opensBefore && !time(form.opensBefore)) return { error: trainingMessages.opensBeforeInvalid };
  if (form.openAfter && !time(form.openAfter)) return { error: trainingMessages.openAfterInvalid };
  const needs: TrainingNeeds = { equipment: form.equipment, pieces, minDumbbellKg, opensBefore: time(form.opensBefore), openAfter: time(form.openAfter) };
  if (trainingNeedCount(needs) === 0) return { error: trainingMessages.needsEmpty };
  return { needs };
}

