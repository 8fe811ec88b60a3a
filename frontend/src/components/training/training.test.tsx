import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { trainingMessages, trainingNeedsToParams, type TrainingNeeds } from '@reproute/contracts';
import { hotelFixture } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { displayStore } from '@/lib/displayPrefs';
import { TRAINING_KEY, cleanNeeds, readBrowserNeeds, resetTrainingSync, saveTrainingNeeds, syncTrainingNeeds, trainingStore } from '@/lib/training';
import { hotelSearchQuery } from '@/api/hotels';
import { readSearchFilters } from '@/lib/searchParams';
import { fitLine, fitLineText } from './fitText';
import { formFromNeeds, needsFromForm } from './trainingForm';
import { TrainingFitLine, TrainingFitPanel } from './TrainingFit';
import { needsList } from './MyTrainingSummary';
import { TrainingButton } from './TrainingButton';

const needs: TrainingNeeds = {
  equipment: ['rower', 'sauna'],
  pieces: [{ item: 'rack', kind: 'power-rack', count: 1 }, { item: 'bench', kind: 'adjustable', count: 2 }],
  minDumbbellKg: 40,
  opensBefore: '06:00',
  openAfter: null,
};
const week = (hours: string) => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, hours]));
const gym = (overrides: Record<string, unknown>) =>
  ({ name: null, type: null, description: null, hours: null, size: null, hasPool: false, hasSauna: true, hasPersonalTrainer: false, ...overrides }) as never;
const hotel = hotelFixture({
  rawEquipment: ['Power rack', 'Sauna'],
  equipment: { strength: ['squat rack'], cardio: [], specialty: [], recovery: ['sauna'] },
  gym: gym({ heaviestDumbbellKg: 46, weeklyHours: week('05:30-22:00'), equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 2 }, { item: 'bench', kind: 'adjustable', count: 1 }] }),
});

afterEach(() => {
  localStorage.clear();
  resetTrainingSync();
  displayStore.set({ units: 'kg', currency: null, chosen: false });
  vi.unstubAllGlobals();
});

describe('the fit line', () => {
  it('says how many needs the gym meets, names the missing ones and those the listing does not state', () => {
    const line = fitLine(hotel, needs, 'kg')!;
    expect(line.headline).toBe('Fits 4 of 6');
    expect(line.missing).toEqual(['rower', '2 adjustable benches']);
    expect(fitLineText(line)).toBe('Fits 4 of 6 · missing: rower, 2 adjustable benches');
    const bare = fitLine(hotelFixture({ gym: null }), needs, 'kg')!;
    expect(fitLineText(bare)).toBe('Fits 1 of 6 · missing: rower · not stated: power rack, 2 adjustable benches, dumbbells to 40 kg, opens before 06:00');
    expect(fitLine(hotel, null, 'kg')).toBeNull();
  });

  it('writes the dumbbells in the traveller’s unit', () => {
    const line = fitLine(hotelFixture({ gym: gym({ heaviestDumbbellKg: 30 }) }), { ...needs, equipment: [], pieces: [], opensBefore: null }, 'lb')!;
    expect(fitLineText(line)).toBe('Fits 0 of 1 · missing: dumbbells to 88 lb');
  });

  it('shows on a card only once needs are saved', () => {
    const { rerender } = renderWithApp(<TrainingFitLine hotel={hotel} />);
    expect(screen.queryByTestId('training-fit')).toBeNull();
    act(() => trainingStore.set({ needs, source: 'browser', ready: true }));
    rerender(<TrainingFitLine hotel={hotel} />);
    expect(screen.getByTestId('training-fit').textContent).toContain('Fits 4 of 6');
    expect(screen.getByTestId('training-fit').textContent).toContain('missing: rower, 2 adjustable benches');
  });

  it('the hotel page lists every need as met, missing or not stated (a visitor’s needs, read from this browser)', async () => {
    localStorage.setItem(TRAINING_KEY, JSON.stringify(needs));
    renderWithApp(<TrainingFitPanel hotel={hotelFixture({ gym: gym({ heaviestDumbbellKg: 46 }) })} />);
    const panel = screen.getByTestId('training-fit-panel');
    await waitFor(() => expect(panel.textContent).toContain('Fits'));
    expect(panel.textContent).toContain('Fits 2 of 6');
    expect(panel.textContent).toContain('Dumbbells to 40 kg— Has it');
    expect(panel.textContent).toContain('Rower— Missing');
    expect(panel.textContent).toContain('Power rack— Not stated by the hotel');
  });
});

describe('the My training form', () => {
  it('reads the needs back and writes them, pounds converted to kilograms', () => {
    const form = formFromNeeds(needs, 'lb');
    expect(form.dumbbells).toBe('88');
    expect(form.pieces).toEqual({ 'rack:power-rack': 1, 'bench:adjustable': 2 });
    const result = needsFromForm({ ...form, dumbbells: '100' }, 'lb');
    expect(result).toEqual({ needs: { ...needs, minDumbbellKg: 45.36 } });
  });

  it('refuses nothing chosen, dumbbells out of range and hours that do not parse, with the contract’s messages', () => {
    const empty = formFromNeeds(null, 'kg');
    expect(needsFromForm(empty, 'kg')).toEqual({ error: trainingMessages.needsEmpty });
    expect(needsFromForm({ ...empty, dumbbells: '500' }, 'kg')).toEqual({ error: trainingMessages.dumbbellInvalid });
    expect(needsFromForm({ ...empty, dumbbells: 'heavy' }, 'kg')).toEqual({ error: trainingMessages.dumbbellInvalid });
    expect(needsFromForm({ ...empty, opensBefore: '6am' }, 'kg')).toEqual({ error: trainingMessages.opensBeforeInvalid });
  });

  it('the profile lists what is saved', () => {
    expect(needsList(needs, 'kg')).toEqual(['Power rack', '2 adjustable benches', 'Dumbbells to 40 kg', 'Opens before 06:00', 'Rower', 'Sauna']);
  });

  it('a visitor saves in the dialog and the needs are kept in this browser', async () => {
    renderWithApp(<TrainingButton />);
    fireEvent.click(screen.getByTestId('my-training-button'));
    await screen.findByTestId('my-training-dialog');
    fireEvent.change(screen.getByLabelText('Power rack'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('need-dumbbells'), { target: { value: '40' } });
    fireEvent.click(screen.getByLabelText('Rower'));
    fireEvent.click(screen.getByRole('button', { name: 'Save my training' }));
    await waitFor(() => expect(readBrowserNeeds()).toEqual({ equipment: ['rower'], pieces: [{ item: 'rack', kind: 'power-rack', count: 1 }], minDumbbellKg: 40, opensBefore: null, openAfter: null }));
    expect(screen.getByTestId('my-training-button').textContent).toContain('3');
  });
});

describe('keeping the needs', () => {
  it('in the browser, only as far as they are valid', () => {
    localStorage.setItem(TRAINING_KEY, JSON.stringify({ equipment: ['rower', 'hovercraft'], pieces: [{ item: 'rack', kind: 'cage' }, { item: 'bike' }], minDumbbellKg: 900 }));
    expect(readBrowserNeeds()).toEqual({ equipment: ['rower'], pieces: [{ item: 'bike', kind: null, count: 1 }], minDumbbellKg: null, opensBefore: null, openAfter: null });
    expect(cleanNeeds({ equipment: [] })).toBeNull();
    localStorage.setItem(TRAINING_KEY, '{not json');
    expect(readBrowserNeeds()).toBeNull();
  });

  it('signed in: the account’s needs win; a visitor’s needs go to an account that has none', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    let stored: TrainingNeeds | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = JSON.parse(String(init?.body ?? 'null'));
        calls.push({ method, url, body });
        if (method === 'PUT') stored = body;
        return new Response(JSON.stringify({ needs: stored, updatedAt: stored ? '2026-12-02T04:00:00.000Z' : null }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await saveTrainingNeeds(needs, false);
    await syncTrainingNeeds('user-1');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
    expect(calls[1]!.body).toEqual(needs);
    expect(trainingStore.get()).toMatchObject({ needs, source: 'account' });
  });
});

describe('the search call', () => {
  it('sends the needs with a fit sort, and asks for the gym score order without needs', () => {
    const filters = readSearchFilters(new URLSearchParams('sort=fit'));
    expect(filters.sort).toBe('fit');
    expect(hotelSearchQuery({ filters, needParams: trainingNeedsToParams(needs) })).toMatchObject({ sort: 'fit', needEq: 'rower,sauna', needPieces: 'rack:power-rack,bench:adjustable*2', needDumbbellKg: '40', needOpensBefore: '06:00' });
    const without = hotelSearchQuery({ filters, needParams: null }) as Record<string, string>;
    expect(without.sort).toBe('gymScore');
    expect(without.needEq).toBeUndefined();
    const byName = hotelSearchQuery({ filters: readSearchFilters(new URLSearchParams('sort=name')), needParams: trainingNeedsToParams(needs) }) as Record<string, string>;
    expect(byName.needEq).toBeUndefined();
  });
});
