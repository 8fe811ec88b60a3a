import type { TrainingNeeds, TrainingNeedsAnswer } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';

/** The account's saved training needs ("My training, matched"), or nulls before any (migration 010). */
export async function trainingNeedsOf(db: Queryable, userId: string): Promise<TrainingNeedsAnswer> {
  const { rows } = await db.query<{ needs: TrainingNeeds; updated_at: Date }>('SELECT needs, updated_at FROM training_needs WHERE user_id = $1', [userId]);
  const row = rows[0];
  return row ? { needs: row.needs, updatedAt: row.updated_at.toISOString() } : { needs: null, updatedAt: null };
}

/** Replaces the account's needs with these (already checked by the contract's schema) in one statement. */
export async function saveTrainingNeeds(db: Queryable, userId: string, needs: TrainingNeeds): Promise<TrainingNeedsAnswer> {
  const { rows } = await db.query<{ needs: TrainingNeeds; updated_at: Date }>(
    `INSERT INTO training_needs (user_id, needs) VALUES ($1, $2::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET needs = EXCLUDED.needs, updated_at = now()
     RETURNING needs, updated_at`,
    [userId, JSON.stringify(needs)],
  );
  return { needs: rows[0]!.needs, updatedAt: rows[0]!.updated_at.toISOString() };
}

/** Forgets the account's needs (also its part of erasing the account); finds nothing the second time. */
export async function forgetTrainingNeeds(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM training_needs WHERE user_id = $1', [userId]);
}
