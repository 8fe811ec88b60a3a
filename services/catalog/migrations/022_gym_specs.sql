-- Up Migration
-- The gym's facts a lifter plans on (docs/decisions.md, "Gym facts and equipment specs"): where a partner or
-- nearby gym is, how a guest gets in and what it costs, the hours of each day of the week, and the equipment
-- specs (counted pieces with their kinds, the dumbbell range, plates, the heaviest kettlebell). Weights are kg,
-- distances metres. Every column is null (or empty) when not known; search tells "no data" apart from "no".
ALTER TABLE gyms
  ADD COLUMN address text CHECK (length(address) <= 300),
  ADD COLUMN distance_m integer CHECK (distance_m BETWEEN 0 AND 50000),
  ADD COLUMN walking_minutes integer CHECK (walking_minutes BETWEEN 0 AND 600),
  ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN entry text CHECK (entry IN ('keycard', 'staffed', 'reception')),
  ADD COLUMN guest_fee_amount numeric(12, 2) CHECK (guest_fee_amount >= 0),
  ADD COLUMN guest_fee_currency text,
  ADD COLUMN guest_fee_per text CHECK (guest_fee_per IN ('visit', 'day', 'stay')),
  -- {"mon": "06:00-22:00", "sat": "24h", "sun": "closed"}: a day left out is not known.
  ADD COLUMN weekly_hours jsonb CHECK (jsonb_typeof(weekly_hours) = 'object'),
  -- [{"item": "rack", "kind": "power-rack", "count": 3}, {"item": "treadmill", "kind": null, "count": 6}]
  ADD COLUMN equipment_pieces jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(equipment_pieces) = 'array'),
  ADD COLUMN lightest_dumbbell_kg numeric CHECK (lightest_dumbbell_kg > 0),
  ADD COLUMN heaviest_kettlebell_kg numeric CHECK (heaviest_kettlebell_kg > 0),
  ADD COLUMN plate_kinds text[] NOT NULL DEFAULT '{}',
  ADD COLUMN plates_total_kg numeric CHECK (plates_total_kg > 0),
  ADD CONSTRAINT gyms_point_whole CHECK ((latitude IS NULL) = (longitude IS NULL)),
  ADD CONSTRAINT gyms_guest_fee_whole CHECK ((guest_fee_amount IS NULL) = (guest_fee_currency IS NULL) AND (guest_fee_amount IS NULL) = (guest_fee_per IS NULL));

-- How many pieces of an item the gym counts (all kinds, or one kind); null when it counts none of that item.
CREATE FUNCTION gym_piece_count(pieces jsonb, wanted_item text, wanted_kind text DEFAULT NULL) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT sum((p ->> 'count')::integer)::integer FROM jsonb_array_elements(pieces) AS p
    WHERE p ->> 'item' = wanted_item AND (wanted_kind IS NULL OR p ->> 'kind' = wanted_kind)
  );

-- Whether, on every day of the week the gym opens, it opens before `minute` (early) or is open after it (late);
-- null when no day's hours are known. "24h" is both; a range closing at or before its opening runs past midnight.
CREATE FUNCTION gym_hours_every_open_day(week jsonb, minute integer, early boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT CASE WHEN count(*) FILTER (WHERE v <> 'closed') = 0 THEN NULL ELSE coalesce(bool_and(
      CASE WHEN v = '24h' THEN true
           WHEN early THEN substr(v, 1, 2)::integer * 60 + substr(v, 4, 2)::integer < minute
           ELSE substr(v, 7, 2)::integer * 60 + substr(v, 10, 2)::integer > minute
             OR substr(v, 7, 2)::integer * 60 + substr(v, 10, 2)::integer <= substr(v, 1, 2)::integer * 60 + substr(v, 4, 2)::integer
      END) FILTER (WHERE v <> 'closed'), false) END
    FROM jsonb_each_text(coalesce(week, '{}')) AS d(day, v)
    WHERE v ~ '^(24h|closed|([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00))$'
  );

-- The facts the search filters read, generated so they never disagree with what the page shows.
ALTER TABLE gyms
  ADD COLUMN rack_count integer GENERATED ALWAYS AS (gym_piece_count(equipment_pieces, 'rack')) STORED,
  ADD COLUMN adjustable_bench boolean GENERATED ALWAYS AS (
    CASE WHEN gym_piece_count(equipment_pieces, 'bench') IS NULL THEN NULL ELSE coalesce(gym_piece_count(equipment_pieces, 'bench', 'adjustable'), 0) > 0 END
  ) STORED,
  ADD COLUMN opens_early boolean GENERATED ALWAYS AS (gym_hours_every_open_day(weekly_hours, 360, true)) STORED,
  ADD COLUMN open_late boolean GENERATED ALWAYS AS (gym_hours_every_open_day(weekly_hours, 1320, false)) STORED;

-- The week of gyms whose hours were stated as one daily range or 24 hours: the same every day.
UPDATE gyms SET weekly_hours = (
  SELECT jsonb_object_agg(day, CASE WHEN gyms.open_24h THEN '24h' ELSE gyms.opens_at || '-' || gyms.closes_at END)
  FROM unnest(ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) AS day
)
WHERE weekly_hours IS NULL AND (open_24h OR (opens_at IS NOT NULL AND closes_at IS NOT NULL));

ANALYZE gyms;

-- Down Migration
ALTER TABLE gyms DROP COLUMN open_late, DROP COLUMN opens_early, DROP COLUMN adjustable_bench, DROP COLUMN rack_count;
DROP FUNCTION gym_hours_every_open_day(jsonb, integer, boolean);
DROP FUNCTION gym_piece_count(jsonb, text, text);
ALTER TABLE gyms DROP CONSTRAINT gyms_guest_fee_whole, DROP CONSTRAINT gyms_point_whole,
  DROP COLUMN plates_total_kg, DROP COLUMN plate_kinds, DROP COLUMN heaviest_kettlebell_kg, DROP COLUMN lightest_dumbbell_kg,
  DROP COLUMN equipment_pieces, DROP COLUMN weekly_hours, DROP COLUMN guest_fee_per, DROP COLUMN guest_fee_currency,
  DROP COLUMN guest_fee_amount, DROP COLUMN entry, DROP COLUMN longitude, DROP COLUMN latitude, DROP COLUMN walking_minutes,
  DROP COLUMN distance_m, DROP COLUMN address;
