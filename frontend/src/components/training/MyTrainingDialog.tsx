import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { equipmentCategories, equipmentCategoryTitles, equipmentPieceNames, equipmentPieceSlots, equipmentTaxonomy, pieceKey } from '@reproute/contracts';
import { countChoices, formFromNeeds, needsFromForm, type FormState } from './trainingForm';
import { serverMessageOr, ApiError } from '@/api/request';
import { useSession } from '@/hooks/useSession';
import { useWeightUnit } from '@/lib/displayPrefs';
import { clearTrainingNeeds, saveTrainingNeeds, useTrainingNeeds } from '@/lib/training';
import { equipmentLabelInUnit } from '@/lib/hotel';
import { FormAlert } from '@/components/FormAlert';
import { Button } from '@/components/ui/Button';
import { toast } from '@/store/toast';

/** Counted pieces with kinds (racks, benches, cable stations) are asked with a count; the others are taxonomy labels below. */
const countedSlots = equipmentPieceSlots.filter((slot) => slot.kind !== null);
/** A label the counted pieces already ask for. */
const askedAsPiece = new Set(['smith machine']);

const pieceName = (item: string, kind: string | null) => {
  const [singular] = equipmentPieceNames[pieceKey(item, kind)] ?? [item];
  return singular.charAt(0).toUpperCase() + singular.slice(1);
};

/** "My training": what the traveller needs from a gym, saved once (the account when signed in, else this browser). */
export default function MyTrainingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useSession();
  const location = useLocation();
  const unit = useWeightUnit();
  const needs = useTrainingNeeds();
  const [form, setForm] = useState<FormState>(() => formFromNeeds(needs, unit));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const descriptionId = useId();
  const signedIn = Boolean(user);

  const change = (next: Partial<FormState>) => setForm((f) => ({ ...f, ...next }));
  const toggle = (label: string) => change({ equipment: form.equipment.includes(label) ? form.equipment.filter((l) => l !== label) : [...form.equipment, label] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = needsFromForm(form, unit);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setBusy(true);
    try {
      await saveTrainingNeeds(result.needs, signedIn);
      onOpenChange(false);
      toast({ title: 'My training saved', description: 'Every hotel now shows how well its gym fits. Sort results by "Best fit for me".' });
    } catch (e) {
      setError(e instanceof ApiError ? (e.body?.errors?.[0]?.message ?? e.serverMessage) : serverMessageOr(e, 'Your training could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onClear = async () => {
    setBusy(true);
    try {
      await clearTrainingNeeds(signedIn);
      setForm(formFromNeeds(null, unit));
      onOpenChange(false);
      toast({ title: 'My training cleared' });
    } catch (e) {
      setError(serverMessageOr(e, 'Your training could not be cleared. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setForm(formFromNeeds(needs, unit));
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={descriptionId}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
          data-testid="my-training-dialog"
        >
          <Dialog.Title className="font-display text-lg font-bold text-slate-900">My training</Dialog.Title>
          <Dialog.Description id={descriptionId} className="mt-1 text-sm text-slate-700">
            What you need from a hotel gym. Every hotel then shows how well it fits, and results can be sorted by fit.{' '}
            {signedIn ? (
              'Kept in your account.'
            ) : (
              <>
                Kept in this browser; <Link to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`} className="font-semibold text-ocean-700 underline">sign in</Link> to keep it in your account.
              </>
            )}
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" data-testid="my-training-form">
            <FormAlert message={error} />
            <fieldset>
              <legend className="text-sm font-bold text-slate-900">Racks, benches and cable stations</legend>
              <p className="text-xs text-slate-600">How many you need at least.</p>
              <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
                {countedSlots.map((slot) => {
                  const key = pieceKey(slot.item, slot.kind);
                  const id = `need-piece-${key.replace(':', '-')}`;
                  return (
                    <div key={key} className="flex items-center justify-between gap-2">
                      <label htmlFor={id} className="text-sm text-slate-800">
                        {pieceName(slot.item, slot.kind)}
                      </label>
                      <select
                        id={id}
                        value={form.pieces[key] ?? 0}
                        onChange={(e) => change({ pieces: { ...form.pieces, [key]: Number(e.target.value) } })}
                        className="h-9 w-32 rounded-lg border border-slate-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
                      >
                        <option value={0}>Not needed</option>
                        {countChoices.map((n) => (
                          <option key={n} value={n}>
                            {n === 1 ? 'At least 1' : `At least ${n}`}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-3">
              <label className="block text-sm">
                <span className="font-bold text-slate-900">Dumbbells up to at least</span>
                <span className="mt-1 flex items-center gap-2">
                  <input
                    inputMode="decimal"
                    value={form.dumbbells}
                    onChange={(e) => change({ dumbbells: e.target.value })}
                    placeholder={unit === 'lb' ? '90' : '40'}
                    aria-describedby="need-dumbbell-unit"
                    className="h-10 w-24 rounded-lg border border-slate-300 px-3 text-sm focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
                    data-testid="need-dumbbells"
                  />
                  <span id="need-dumbbell-unit" className="text-slate-700">
                    {unit}
                  </span>
                </span>
              </label>
              <label className="block text-sm">
                <span className="font-bold text-slate-900">Opens before</span>
                <input
                  type="time"
                  value={form.opensBefore}
                  onChange={(e) => change({ opensBefore: e.target.value })}
                  className="mt-1 block h-10 w-32 rounded-lg border border-slate-300 px-3 text-sm focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
                  data-testid="need-opens-before"
                />
              </label>
              <label className="block text-sm">
                <span className="font-bold text-slate-900">Open after</span>
                <input
                  type="time"
                  value={form.openAfter}
                  onChange={(e) => change({ openAfter: e.target.value })}
                  className="mt-1 block h-10 w-32 rounded-lg border border-slate-300 px-3 text-sm focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
                  data-testid="need-open-after"
                />
              </label>
            </div>
            <p className="-mt-3 text-xs text-slate-600">Hours count on every day the gym opens.</p>
            {equipmentCategories.map((category) => (
              <fieldset key={category}>
                <legend className="text-sm font-bold text-slate-900">{equipmentCategoryTitles[category]}</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {Object.keys(equipmentTaxonomy[category]).filter((label) => !askedAsPiece.has(label)).map((label) => {
                    const checked = form.equipment.includes(label);
                    return (
                      <label
                        key={label}
                        className={`inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm focus-within:ring-2 focus-within:ring-ocean-500 ${checked ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
                      >
                        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={checked} onChange={() => toggle(label)} />
                        {equipmentLabelInUnit(label, unit)}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
            <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 pt-3 pb-1 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
              {needs ? (
                <Button type="button" variant="ghost" onClick={() => void onClear()} disabled={busy} className="sm:mr-auto">
                  Clear my training
                </Button>
              ) : null}
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? 'Saving...' : 'Save my training'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
