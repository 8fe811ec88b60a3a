import { useEffect } from 'react';
import { allEquipmentLabels, equipmentPieceKinds, trainingNeedCount, type NeededPiece, type TrainingNeeds } from '@reproute/contracts';
import { createExternalStore, useStore } from '@/store/externalStore';
import { callApi } from '@/api/client';
import { useSession } from '@/hooks/useSession';

/**
 * "My training, matched" (docs/decisions.md): what the traveller needs from a gym, saved once. A visitor's needs are
 * kept in this browser (localStorage `rr_training`); a signed-in traveller's in their account (engagement,
 * /api/me/training), and a visitor's needs are given to an account that has none when they sign in. Pages are written
 * by the server without needs; the fit appears once the page runs.
 */
export const TRAINING_KEY = 'rr_training';

export interface TrainingState {
  needs: TrainingNeeds | null;
  /** Where the needs are kept: this browser or the account. */
  source: 'browser' | 'account';
  /** Read from storage or the account (before that, nothing is shown). */
  ready: boolean;
}

export const trainingStore = createExternalStore<TrainingState>({ needs: null, source: 'browser', ready: false });

const knownLabels = new Set(allEquipmentLabels);
const time = (v: unknown) => (typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : null);

/** Needs as stored in the browser, kept only as far as they are still valid (a label the taxonomy lost is dropped). */
export function cleanNeeds(value: unknown): TrainingNeeds | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  const equipment = Array.isArray(raw.equipment) ? [...new Set(raw.equipment.filter((l): l is string => typeof l === 'string' && knownLabels.has(l)))] : [];
  const pieces: NeededPiece[] = [];
  if (Array.isArray(raw.pieces)) {
    for (const p of raw.pieces as Record<string, unknown>[]) {
      const item = p?.item as keyof typeof equipmentPieceKinds;
      if (typeof item !== 'string' || !Object.prototype.hasOwnProperty.call(equipmentPieceKinds, item)) continue;
      const kind = typeof p.kind === 'string' ? p.kind : null;
      if (kind !== null && !(equipmentPieceKinds[item] as readonly string[]).includes(kind)) continue;
      const count = typeof p.count === 'number' && Number.isInteger(p.count) && p.count >= 1 && p.count <= 20 ? p.count : 1;
      if (!pieces.some((q) => q.item === item && q.kind === kind)) pieces.push({ item, kind, count });
    }
  }
  const kg = typeof raw.minDumbbellKg === 'number' && raw.minDumbbellKg >= 1 && raw.minDumbbellKg <= 200 ? raw.minDumbbellKg : null;
  const needs: TrainingNeeds = { equipment, pieces, minDumbbellKg: kg, opensBefore: time(raw.opensBefore), openAfter: time(raw.openAfter) };
  return trainingNeedCount(needs) > 0 ? needs : null;
}

export function readBrowserNeeds(): TrainingNeeds | null {
  try {
    const raw = localStorage.getItem(TRAINING_KEY);
    return raw ? cleanNeeds(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function writeBrowserNeeds(needs: TrainingNeeds | null): void {
  try {
    if (needs) localStorage.setItem(TRAINING_KEY, JSON.stringify(needs));
    else localStorage.removeItem(TRAINING_KEY);
  } catch {
    // Without storage the needs hold for this page only.
  }
}

let syncedFor: string | null | undefined;

/** Loads the needs for this visitor or account once (again when the account changes). */
export async function syncTrainingNeeds(userId: string | null): Promise<void> {
  if (syncedFor === userId) return;
  syncedFor = userId;
  const local = readBrowserNeeds();
  if (!userId) {
    trainingStore.set({ needs: local, source: 'browser', ready: true });
    return;
  }
  try {
    const answer = await callApi('GET /api/me/training');
    if (syncedFor !== userId) return;
    if (answer.needs) {
      trainingStore.set({ needs: answer.needs, source: 'account', ready: true });
    } else if (local) {
      // What the visitor chose before signing in becomes the account's.
      const saved = await callApi('PUT /api/me/training', { body: local });
      if (syncedFor === userId) trainingStore.set({ needs: saved.needs, source: 'account', ready: true });
    } else {
      trainingStore.set({ needs: null, source: 'account', ready: true });
    }
  } catch {
    // The account is out of reach: the browser's needs show meanwhile, and the next page asks again.
    if (syncedFor === userId) trainingStore.set({ needs: local, source: 'browser', ready: true });
    syncedFor = undefined;
  }
}

/** Saves the whole set: to the account when signed in (its answer is what is kept), else to this browser. */
export async function saveTrainingNeeds(needs: TrainingNeeds, signedIn: boolean): Promise<void> {
  if (signedIn) {
    const saved = await callApi('PUT /api/me/training', { body: needs });
    trainingStore.set({ needs: saved.needs, source: 'account', ready: true });
    return;
  }
  writeBrowserNeeds(needs);
  trainingStore.set({ needs, source: 'browser', ready: true });
}

export async function clearTrainingNeeds(signedIn: boolean): Promise<void> {
  if (signedIn) await callApi('DELETE /api/me/training');
  else writeBrowserNeeds(null);
  trainingStore.set({ needs: null, source: signedIn ? 'account' : 'browser', ready: true });
}

/** The traveller's needs (null before any, or before they are read); loads them on first use. */
export function useTrainingNeeds(): TrainingNeeds | null {
  const { user, loading } = useSession();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!loading) void syncTrainingNeeds(userId);
  }, [userId, loading]);
  return useStore(trainingStore, (s) => s.needs);
}

/** For tests: forget what was loaded. */
export function resetTrainingSync(): void {
  syncedFor = undefined;
  trainingStore.set({ needs: null, source: 'browser', ready: false });
}
