import type { Queryable } from '@reproute/platform';

export interface CitySearchCount {
  city: string;
  /** Null for the city's total; else one taxonomy label. */
  label: string | null;
  count: number;
}

/**
 * Searches since `from` whose normalised query names each city (as a whole word), in total and per
 * taxonomy label asked for. `patterns[i]` is the regular expression for `cities[i]`.
 */
export async function citySearchCounts(db: Queryable, cities: string[], patterns: string[], labels: readonly string[], from: Date): Promise<CitySearchCount[]> {
  if (cities.length === 0) return [];
  const { rows } = await db.query<CitySearchCount>(
    `WITH cities AS (SELECT * FROM unnest($1::text[], $2::text[]) AS c(city, pattern)),
     matched AS (
       SELECT c.city, r.id, r.payload FROM raw_events r JOIN cities c ON r.value ~ c.pattern
        WHERE r.kind = 'search' AND r.received_at >= $3
     )
     SELECT city, NULL AS label, count(*)::int AS count FROM matched GROUP BY city
     UNION ALL
     SELECT m.city, lower(l.label) AS label, count(DISTINCT m.id)::int AS count
       FROM matched m
       CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(m.payload->'equipment') = 'array' THEN m.payload->'equipment' ELSE '[]'::jsonb END) AS l(label)
      WHERE lower(l.label) = ANY($4::text[])
      GROUP BY m.city, lower(l.label)`,
    [cities, patterns, from, labels],
  );
  return rows;
}
