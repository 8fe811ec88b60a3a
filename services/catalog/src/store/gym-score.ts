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
  last_confirmed_at: Date | null;
  open_reports: number;
  disputed_reports: number;
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
            (SELECT avg(a.gym_rating) FROM approved_reviews a WHERE a.hotel_id = h.id) AS gym_rating_average,
            greatest(h.gym_facts_confirmed_at, (SELECT max(c.created_at) FROM gym_fact_confirmations c WHERE c.hotel_id = h.id)) AS last_confirmed_at,
            (SELECT count(*)::int FROM gym_fact_reports r WHERE r.hotel_id = h.id AND r.status = 'open') AS open_reports,
            (SELECT count(*)::int FROM gym_fact_reports r WHERE r.hotel_id = h.id AND r.status = 'disputed') AS disputed_reports
       FROM hotels h LEFT JOIN gyms g ON g.hotel_id = h.id
      WHERE h.id = ANY($1::bigint[])`,
    [hotelIds],
  );
  if (rows.length === 0) return;
  const now = new Date();
  const scored = rows.map((row) => {
    const { score, breakdown, confidence } = computeGymScore({
      equipmentLabels: row.equipment_labels,
      heaviestDumbbellKg: row.heaviest_dumbbell_kg === null ? null : Number(row.heaviest_dumbbell_kg),
      sizeSqm: row.size_sqm,
      open24h: row.open_24h ?? false,
      hours: row.hours,
      gymRatings: { count: row.gym_rating_count, average: row.gym_rating_average === null ? null : Number(row.gym_rating_average) },
      freshness: { lastConfirmedAt: row.last_confirmed_at, openReports: row.open_reports, disputedReports: row.disputed_reports, now },
    });
    return { id: row.id, score, breakdown: JSON.stringify({ version: gymScoreVersion, components: breakdown, confidence }) };
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

/**
 * Rescores, in batches, the hotels whose facts crossed an age step since they were scored (the stored confidence's
 * `age` is not the one their latest confirmation gives now): the gym score's decay (docs/decisions.md). Returns how
 * many were rescored. Run by the catalog's gym facts job (src/gym-facts-job.ts).
 */
export async function rescoreAgedGymFacts(pool: Pool, batchSize = 500, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  let after = 0;
  while (!stopped()) {
    const { rows } = await pool.query<{ id: number }>(
      `SELECT h.id FROM hotels h
        WHERE h.id > $2 AND h.gym_score_breakdown IS NOT NULL
          AND (h.gym_score_breakdown->'confidence'->>'age') IS DISTINCT FROM (
            SELECT CASE WHEN t.at IS NULL THEN 'stale' WHEN t.at >= now() - interval '90 days' THEN 'fresh'
                        WHEN t.at >= now() - interval '180 days' THEN 'ageing' WHEN t.at >= now() - interval '365 days' THEN 'old' ELSE 'stale' END
              FROM (SELECT greatest(h.gym_facts_confirmed_at, (SELECT max(c.created_at) FROM gym_fact_confirmations c WHERE c.hotel_id = h.id)) AS at) t)
        ORDER BY h.id LIMIT $1`,
      [batchSize, after],
    );
    if (rows.length === 0) return total;
    await refreshGymScores(pool, rows.map((r) => r.id));
    total += rows.length;
    after = Number(rows.at(-1)!.id);
  }
  return total;
}
