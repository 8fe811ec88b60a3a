import { z } from 'zod';
import { trainingMessages } from './messages.ts';
import { allEquipmentLabels } from './equipment.ts';
import { equipmentPieceItems, equipmentPieceKinds, type EquipmentPieceItem } from './gym-values.ts';
import { parsePieceToken, trainingNeedLimits, type NeededPiece, type TrainingNeeds } from './training-values.ts';

// "My training, matched" (docs/decisions.md): the needs a traveller saves (PUT /api/me/training) and sends with a
// search sorted by fit (GET /api/hotels/search?sort=fit&needEq=…). Every bad value answers 400 with its message.

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const knownLabels = new Set(allEquipmentLabels);

/** A time of day as the needs keep it ("6:00" is "06:00"); anything else fails with `message`. */
const needTime = (message: string) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      if (typeof v !== 'string') return v;
      const match = /^\s*(\d{1,2})[:.](\d{2})\s*$/.exec(v);
      return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : v;
    },
    z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message).nullish(),
  );

const labelList = z
  .array(z.string({ error: trainingMessages.equipmentInvalid }), { error: trainingMessages.equipmentInvalid })
  .max(trainingNeedLimits.equipment, trainingMessages.equipmentInvalid)
  .transform((labels) => labels.map((l) => l.trim().toLowerCase()))
  .check((ctx) => {
    ctx.value.forEach((label, index) => {
      if (!knownLabels.has(label)) ctx.issues.push({ code: 'custom', message: trainingMessages.equipmentInvalid, input: label, path: [index] });
    });
  })
  .transform((labels) => [...new Set(labels)]);

const neededPiece = z
  .object(
    {
      item: z.enum(equipmentPieceItems as [EquipmentPieceItem, ...EquipmentPieceItem[]], { error: trainingMessages.pieceInvalid }),
      kind: z.preprocess(emptyToUndefined, z.string({ error: trainingMessages.pieceInvalid }).nullish()),
      count: z.number({ error: trainingMessages.pieceCountInvalid }).int(trainingMessages.pieceCountInvalid).min(1, trainingMessages.pieceCountInvalid).max(trainingNeedLimits.pieceCount, trainingMessages.pieceCountInvalid).default(1),
    },
    { error: trainingMessages.pieceInvalid },
  )
  .check((ctx) => {
    const kinds = equipmentPieceKinds[ctx.value.item] as readonly string[];
    const kind = ctx.value.kind ?? null;
    if (kind !== null && !kinds.includes(kind)) ctx.issues.push({ code: 'custom', message: trainingMessages.pieceInvalid, input: kind, path: ['kind'] });
  })
  .transform((p): NeededPiece => ({ item: p.item, kind: p.kind ?? null, count: p.count }));

const pieceList = z
  .array(neededPiece, { error: trainingMessages.pieceInvalid })
  .max(trainingNeedLimits.pieces, trainingMessages.pieceInvalid)
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((piece, index) => {
      const key = `${piece.item}:${piece.kind ?? ''}`;
      if (seen.has(key)) ctx.issues.push({ code: 'custom', message: trainingMessages.pieceDuplicate, input: piece, path: [index] });
      seen.add(key);
    });
  });

const dumbbellKg = z.preprocess(
  (value) => {
    const v = emptyToUndefined(value);
    return typeof v === 'string' ? (/^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v;
  },
  z.number({ error: trainingMessages.dumbbellInvalid }).min(trainingNeedLimits.dumbbellKg.min, trainingMessages.dumbbellInvalid).max(trainingNeedLimits.dumbbellKg.max, trainingMessages.dumbbellInvalid).nullish(),
);

/** PUT /api/me/training: the whole set of needs (what is left out is not needed). At least one need. */
export const trainingNeedsSchema = z
  .object(
    {
      equipment: labelList.default([]),
      pieces: pieceList.default([]),
      minDumbbellKg: dumbbellKg,
      opensBefore: needTime(trainingMessages.opensBeforeInvalid),
      openAfter: needTime(trainingMessages.openAfterInvalid),
    },
    { error: trainingMessages.needsInvalid },
  )
  .transform(
    (n): TrainingNeeds => ({ equipment: n.equipment, pieces: n.pieces, minDumbbellKg: n.minDumbbellKg ?? null, opensBefore: n.opensBefore ?? null, openAfter: n.openAfter ?? null }),
  )
  .check((ctx) => {
    const n = ctx.value;
    if (n.equipment.length + n.pieces.length === 0 && n.minDumbbellKg === null && !n.opensBefore && !n.openAfter) {
      ctx.issues.push({ code: 'custom', message: trainingMessages.needsEmpty, input: n, path: [] });
    }
  });

/** GET /api/me/training, and PUT's answer: the saved needs, or null before any. */
export const trainingNeedsAnswer = z.object({
  needs: z
    .object({
      equipment: z.array(z.string()),
      pieces: z.array(z.object({ item: z.enum(equipmentPieceItems as [EquipmentPieceItem, ...EquipmentPieceItem[]]), kind: z.string().nullable(), count: z.number().int() })),
      minDumbbellKg: z.number().nullable(),
      opensBefore: z.string().nullable(),
      openAfter: z.string().nullable(),
    })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type TrainingNeedsAnswer = z.infer<typeof trainingNeedsAnswer>;

/** A comma-separated search parameter as its parts (repeated parameters joined). */
const commaParts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');

/**
 * The needs as GET /api/hotels/search takes them (appended to its query): `needEq` comma-separated taxonomy labels,
 * `needPieces` comma-separated pieces (`rack:power-rack`, `bench:adjustable*2`, `rower`), `needDumbbellKg`,
 * `needOpensBefore` and `needOpenAfter` (HH:MM). Unlike `eq`, an unknown label or piece answers 400: a fit that
 * silently dropped a need would read as a better fit than it is.
 */
export const trainingNeedQueryFields = {
  needEq: z.preprocess((value) => (value === undefined ? undefined : commaParts(value)), labelList.optional()),
  needPieces: z.preprocess(
    (value) => {
      if (value === undefined) return undefined;
      return commaParts(value).map((token) => parsePieceToken(token) ?? { item: token });
    },
    pieceList.optional(),
  ),
  needDumbbellKg: dumbbellKg.optional(),
  needOpensBefore: needTime(trainingMessages.opensBeforeInvalid).optional(),
  needOpenAfter: needTime(trainingMessages.openAfterInvalid).optional(),
};

/** The needs of a search query's fields; null when none is given. */
export function trainingNeedsOfQuery(q: { needEq?: string[] | undefined; needPieces?: NeededPiece[] | undefined; needDumbbellKg?: number | null | undefined; needOpensBefore?: string | null | undefined; needOpenAfter?: string | null | undefined }): TrainingNeeds | null {
  const needs: TrainingNeeds = {
    equipment: q.needEq ?? [],
    pieces: q.needPieces ?? [],
    minDumbbellKg: q.needDumbbellKg ?? null,
    opensBefore: q.needOpensBefore ?? null,
    openAfter: q.needOpenAfter ?? null,
  };
  const any = needs.equipment.length + needs.pieces.length > 0 || needs.minDumbbellKg !== null || needs.opensBefore !== null || needs.openAfter !== null;
  return any ? needs : null;
}

