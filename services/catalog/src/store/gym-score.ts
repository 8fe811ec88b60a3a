import type { Pool, Queryable } from '@reproute/platform';
import { computeGymScore, gymScoreVersion } from '../domain/gym-score.ts';

interface ScoreFactsRow {
  id: number;
  equipment_labels: string[];
  heaviest_dumbbell_kg: string | null;
  size_sqm: number | null;
  open_24h: boolean | null;
  hours: string | null;
  gym_rating_count: number;
  gym_rating_average: string | null;
}

/**
 * Recomputes the gym score of the given hotels from their stored facts (equipment labels, the parsed
 * hours, area and heaviest dumbbell of migration 006, approved reviews' gym ratings) and stores it with
 * its breakdown. Idempotent: the same facts write the same score.
 */
export async function refreshGymScores(tx: Queryable, hotelIds: readonly number[]): Promise<void> {
  if (hotelIds.length === 0) return;
  const { rows } = await tx.query<ScoreFactsRow>(
    `SELECT h.id, h.equipment_labels, h.heaviest_dumbbell_kg, g.size_sqm, g.open_24h, g.hours,
            (SELECT count(a.gym_rating)::int FROM approved_reviews a WHERE a.hotel_id = h.id) AS gym_rating_count,
            (SELECT avg(a.gym_rating) FROM approved_reviews a WHERE a.hotel_id = h.id) AS gym_rating_average
       FROM hotels h LEFT JOIN gyms g ON g.hotel_id = h.id
      WHERE h.id = ANY($1::bigint[])`,
    [hotelIds],
  );
  if (rows.length === 0) return;
  const scored = rows.map((row) => {
    const { score, breakdown } = computeGymScore({
      equipmentLabels: row.equipment_labels,
      heaviestDumbbellKg: row.heaviest_dumbbell_kg === null ? null : Number(row.heaviest_dumbbell_kg),
      sizeSqm: row.size_sqm,
      open24h: row.open_24h ?? false,
      hours: row.hours,
      gymRatings: { count: row.gym_rating_count, average: row.gym_rating_average === null ? null : Number(row.gym_rating_average) },
    });
    return { id: row.id, score, breakdown: JSON.stringify({ version: gymScoreVersion, components: breakdown }) };
  });
  await tx.query(
    `UPDATE hotels h SET gym_score = s.score, gym_score_breakdown = s.breakdown
       FROM unnest($1::bigint[], $2::numeric[], $3::jsonb[]) AS s (id, score, breakdown)
      WHERE h.id = s.id AND (h.gym_score IS DISTINCT FROM s.score OR h.gym_score_breakdown IS DISTINCT FROM s.breakdown)`,
    [scored.map((s) => s.id), scored.map((s) => s.score), scored.map((s) => s.breakdown)],
  );
}

/**
 * Scores every hotel without a score or scored by an older formula, in batches: the backfill of
 * existing hotels after migration 008 and after a formula change. Stops between batches once
 * `stopped()` says so. Returns how many were rescored.
 */
export async function refreshStaleGymScores(pool: Pool, batchSize = 500, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  let after = 0;
  while (!stopped()) {
    const { rows } = await pool.query<{ id: number }>(
      `SELECT id FROM hotels WHERE id > $3 AND (gym_score IS NULL OR (gym_score_breakdown->>'version')::int IS DISTINCT FROM $1) ORDER BY id LIMIT $2`,
      [gymScoreVersion, batchSize, after],
    );
    if (rows.length === 0) return total;
    await refreshGymScores(pool, rows.map((r) => r.id));
    total += rows.length;
    after = Number(rows.at(-1)!.id);
  }
  return total;
}
