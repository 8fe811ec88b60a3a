import { describe, expect, it } from 'vitest';
import { equipmentMask } from '../../src/domain/hotel.ts';
import { gymScoreVersion } from '../../src/domain/gym-score.ts';
import { startUpkeep } from '../../src/upkeep.ts';
import { catalog, uniqueName } from './support.ts';

const labels = ['squat rack', 'treadmill', 'sauna'];

/** Hotels as a new catalog version finds them: masks from another taxonomy order, no score of the current formula. */
async function outdatedHotels(count: number): Promise<number[]> {
  const { ctx } = await catalog();
  const tag = uniqueName('Upkeep').toLowerCase().replace(/\W+/g, '-');
  const { rows } = await ctx.pool.query<{ id: number }>(
    `INSERT INTO hotels (slug, name, city, country, status, equipment_labels, equipment_mask)
     SELECT $1 || '-' || n, 'Upkeep Test ' || n, 'Testville', 'Testland', 'rejected', $2::text[], 0
       FROM generate_series(1, $3::int) AS n RETURNING id`,
    [tag, labels, count],
  );
  return rows.map((r) => Number(r.id));
}

async function stateOf(ids: number[]) {
  const { ctx } = await catalog();
  const { rows } = await ctx.pool.query<{ mask: number; score: string | null; version: number | null }>(
    `SELECT equipment_mask AS mask, gym_score AS score, (gym_score_breakdown->>'version')::int AS version FROM hotels WHERE id = ANY($1) ORDER BY id`,
    [ids],
  );
  return rows;
}

describe('data upkeep after the catalog listens (src/upkeep.ts)', () => {
  it('re-derives equipment masks and computes missing gym scores, a batch at a time', async () => {
    const ids = await outdatedHotels(5);
    const { ctx } = await catalog();
    const upkeep = startUpkeep(ctx, 2);
    await upkeep.done;
    for (const hotel of await stateOf(ids)) {
      expect(hotel.mask).toBe(equipmentMask(labels));
      expect(Number(hotel.score)).toBeGreaterThan(0);
      expect(hotel.version).toBe(gymScoreVersion);
    }
    // Run again, nothing is left to do: it settles at once and changes nothing.
    const before = await stateOf(ids);
    await startUpkeep(ctx, 2).done;
    expect(await stateOf(ids)).toEqual(before);
  });

  it('stops between two batches at shutdown', async () => {
    const ids = await outdatedHotels(3);
    const { ctx } = await catalog();
    // One hotel a batch, stopped as soon as it starts: the first batch (the seed's first hotel) is the last.
    const upkeep = startUpkeep(ctx, 1);
    await upkeep.close();
    for (const hotel of await stateOf(ids)) {
      expect(hotel.mask).toBe(0);
      expect(hotel.score).toBeNull();
    }
    await startUpkeep(ctx, 500).done;
    for (const hotel of await stateOf(ids)) expect(hotel.mask).toBe(equipmentMask(labels));
  });
});
