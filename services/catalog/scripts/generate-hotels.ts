/**
 * Benchmark data: inserts N synthetic hotels (with gyms) marked `synthetic`, in multi-row batches,
 * then VACUUM ANALYZE so the planner sees them. No events are sent for them: they are for
 * measuring search, not for other services. Remove them with --remove.
 *
 *   DATABASE_URL=postgres://catalog@127.0.0.1:5432/reproute node --import tsx scripts/generate-hotels.ts 100000
 *   DATABASE_URL=... node --import tsx scripts/generate-hotels.ts --remove
 */
import pg from 'pg';
import { classifyEquipment, equipmentCategories, slugify, type SupportedCurrency } from '@reproute/contracts';
import { priceInUsd } from '../src/domain/price.ts';
import { equipmentMask } from '../src/domain/hotel.ts';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://catalog@127.0.0.1:5432/reproute';
const schema = process.env.DB_SCHEMA ?? 'catalog';

const cities: [string, string, SupportedCurrency][] = [
  ['New York', 'United States', 'USD'], ['Los Angeles', 'United States', 'USD'], ['Chicago', 'United States', 'USD'], ['Miami', 'United States', 'USD'],
  ['San Francisco', 'United States', 'USD'], ['Boston', 'United States', 'USD'], ['Seattle', 'United States', 'USD'], ['Austin', 'United States', 'USD'],
  ['Denver', 'United States', 'USD'], ['Las Vegas', 'United States', 'USD'], ['London', 'United Kingdom', 'GBP'], ['Manchester', 'United Kingdom', 'GBP'],
  ['Edinburgh', 'United Kingdom', 'GBP'], ['Bristol', 'United Kingdom', 'GBP'], ['Tokyo', 'Japan', 'JPY'], ['Osaka', 'Japan', 'JPY'], ['Kyoto', 'Japan', 'JPY'],
  ['Sapporo', 'Japan', 'JPY'], ['Fukuoka', 'Japan', 'JPY'], ['Paris', 'France', 'EUR'], ['Lyon', 'France', 'EUR'], ['Nice', 'France', 'EUR'],
  ['Marseille', 'France', 'EUR'], ['Bordeaux', 'France', 'EUR'], ['Dubai', 'United Arab Emirates', 'AED'], ['Abu Dhabi', 'United Arab Emirates', 'AED'],
  ['Sharjah', 'United Arab Emirates', 'AED'], ['Berlin', 'Germany', 'EUR'], ['Munich', 'Germany', 'EUR'], ['Hamburg', 'Germany', 'EUR'],
  ['Frankfurt', 'Germany', 'EUR'], ['Madrid', 'Spain', 'EUR'], ['Barcelona', 'Spain', 'EUR'], ['Valencia', 'Spain', 'EUR'], ['Seville', 'Spain', 'EUR'],
  ['Rome', 'Italy', 'EUR'], ['Milan', 'Italy', 'EUR'], ['Florence', 'Italy', 'EUR'], ['Venice', 'Italy', 'EUR'], ['Naples', 'Italy', 'EUR'],
  ['Amsterdam', 'Netherlands', 'EUR'], ['Rotterdam', 'Netherlands', 'EUR'], ['Brussels', 'Belgium', 'EUR'], ['Antwerp', 'Belgium', 'EUR'],
  ['Zürich', 'Switzerland', 'CHF'], ['Geneva', 'Switzerland', 'CHF'], ['Vienna', 'Austria', 'EUR'], ['Salzburg', 'Austria', 'EUR'],
  ['Copenhagen', 'Denmark', 'EUR'], ['Stockholm', 'Sweden', 'EUR'], ['Oslo', 'Norway', 'EUR'], ['Helsinki', 'Finland', 'EUR'], ['Lisbon', 'Portugal', 'EUR'],
  ['Porto', 'Portugal', 'EUR'], ['Dublin', 'Ireland', 'EUR'], ['Prague', 'Czechia', 'EUR'], ['Warsaw', 'Poland', 'EUR'], ['Kraków', 'Poland', 'EUR'],
  ['Budapest', 'Hungary', 'EUR'], ['Athens', 'Greece', 'EUR'], ['Istanbul', 'Türkiye', 'EUR'], ['Toronto', 'Canada', 'CAD'], ['Vancouver', 'Canada', 'CAD'],
  ['Montréal', 'Canada', 'CAD'], ['Calgary', 'Canada', 'CAD'], ['Sydney', 'Australia', 'AUD'], ['Melbourne', 'Australia', 'AUD'], ['Brisbane', 'Australia', 'AUD'],
  ['Perth', 'Australia', 'AUD'], ['Auckland', 'New Zealand', 'AUD'], ['Singapore', 'Singapore', 'SGD'], ['Hong Kong', 'China', 'USD'], ['Shanghai', 'China', 'USD'],
  ['Beijing', 'China', 'USD'], ['Seoul', 'South Korea', 'USD'], ['Busan', 'South Korea', 'USD'], ['Bangkok', 'Thailand', 'USD'], ['Phuket', 'Thailand', 'USD'],
  ['Bali', 'Indonesia', 'USD'], ['Jakarta', 'Indonesia', 'USD'], ['Kuala Lumpur', 'Malaysia', 'USD'], ['Manila', 'Philippines', 'USD'], ['Mumbai', 'India', 'USD'],
  ['Delhi', 'India', 'USD'], ['Bangalore', 'India', 'USD'], ['Doha', 'Qatar', 'USD'], ['Riyadh', 'Saudi Arabia', 'USD'], ['Muscat', 'Oman', 'USD'],
  ['Cairo', 'Egypt', 'USD'], ['Marrakech', 'Morocco', 'EUR'], ['Cape Town', 'South Africa', 'USD'], ['Johannesburg', 'South Africa', 'USD'],
  ['Nairobi', 'Kenya', 'USD'], ['São Paulo', 'Brazil', 'USD'], ['Rio de Janeiro', 'Brazil', 'USD'], ['Buenos Aires', 'Argentina', 'USD'],
  ['Santiago', 'Chile', 'USD'], ['Lima', 'Peru', 'USD'], ['Bogotá', 'Colombia', 'USD'], ['Mexico City', 'Mexico', 'USD'], ['Cancún', 'Mexico', 'USD'],
  ['Reykjavík', 'Iceland', 'EUR'], ['Tallinn', 'Estonia', 'EUR'],
];

const first = ['Grand', 'Royal', 'Urban', 'Harbour', 'Iron', 'Lotus', 'Cedar', 'Silver', 'Golden', 'Azure', 'Granite', 'Maple', 'Coral', 'Aurora', 'Summit', 'Velvet', 'Oak', 'Crown', 'Pacific', 'Atlas', 'Nova', 'Meridian', 'Cobalt', 'Willow', 'Falcon'];
const second = ['Plaza', 'Suites', 'Residence', 'House', 'Lodge', 'Tower', 'Inn', 'Resort', 'Palace', 'Retreat', 'Quarters', 'Gardens', 'Court', 'Point', 'Loft'];
const rawVocabulary = [
  'Power rack', 'Squat cage', 'Half rack', 'Olympic barbells', 'Bumper plates', 'Dumbbells up to 50kg', 'Dumbbells to 40kg', 'Dumbbells 2-25kg', 'Kettlebells',
  'Cable crossover', 'Cable machine', 'Free weights area', 'Leg press', 'Chest press', 'Selectorised machines', 'Smith machine', 'Lifting platform',
  'Treadmills', 'Spin bikes', 'Upright bike', 'Concept2 rower', 'Rowing machine', 'Elliptical', 'Cross trainer', 'Stair climber', 'Stairmaster',
  'TRX straps', 'Suspension trainer', 'Pilates reformer', 'Yoga studio', 'Yoga mats', 'Functional trainer', 'Functional training zone', 'Battle ropes',
  'Indoor pool', 'Rooftop pool', 'Sauna', 'Steam room', 'Hammam', 'Cold plunge', 'Ice bath', 'Hot tub', 'Jacuzzi', 'Massage room', 'Stretching area',
  'Plyo boxes', 'Medicine balls', 'Foam rollers', 'Resistance bands', 'Boxing bags',
];
const accessTypes = ['on-site', 'on-site', 'on-site', 'partnered', 'nearby'] as const;
const basePrice: Record<SupportedCurrency, number> = { USD: 250, GBP: 200, EUR: 220, JPY: 35000, CAD: 300, AED: 900, AUD: 330, CHF: 260, SGD: 330 };

/** A deterministic pseudo-random generator, so two runs make the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Profile {
  raw: string[];
  labels: string[];
  mask: number;
}

function equipmentProfiles(count: number, next: () => number): Profile[] {
  return Array.from({ length: count }, () => {
    const size = 4 + Math.floor(next() * 11);
    const raw = [...new Set(Array.from({ length: size }, () => rawVocabulary[Math.floor(next() * rawVocabulary.length)]!))];
    const labels = classifyEquipment(raw);
    const flat = equipmentCategories.flatMap((c) => labels[c]);
    return { raw, labels: flat, mask: equipmentMask(flat) };
  });
}

interface GymSpecProfile {
  weekly_hours: Record<string, string> | null;
  entry: string | null;
  equipment_pieces: { item: string; kind: string | null; count: number }[];
  heaviest_kettlebell_kg: number | null;
}

const weekHours = ['24h', '05:00-23:00', '05:30-22:30', '06:00-22:00', '06:00-23:00', '07:00-21:00', '06:30-22:00'];
const entries = ['keycard', 'keycard', 'staffed', 'reception'];

/** Gym facts of migration 022, about a third of them unknown, as listings are in life. */
function gymSpecProfiles(count: number, next: () => number): GymSpecProfile[] {
  return Array.from({ length: count }, () => {
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const weekday = pick(weekHours);
    const weekend = next() < 0.3 ? '08:00-20:00' : weekday;
    const pieces = [];
    if (next() < 0.6) pieces.push({ item: 'rack', kind: pick(['power-rack', 'half-rack', 'smith-machine']), count: 1 + Math.floor(next() * 4) });
    if (next() < 0.6) pieces.push({ item: 'bench', kind: pick(['flat', 'adjustable', 'adjustable']), count: 1 + Math.floor(next() * 5) });
    if (next() < 0.5) pieces.push({ item: 'treadmill', kind: null, count: 2 + Math.floor(next() * 10) });
    return {
      weekly_hours: next() < 0.7 ? { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: weekend, sun: weekend } : null,
      entry: next() < 0.65 ? pick(entries) : null,
      equipment_pieces: pieces,
      heaviest_kettlebell_kg: next() < 0.4 ? pick([16, 24, 32, 40, 48]) : null,
    };
  });
}

async function generate(pool: pg.Pool, count: number): Promise<void> {
  const next = random(20_261_121);
  const profiles = equipmentProfiles(400, next);
  const specs = gymSpecProfiles(200, next);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels WHERE synthetic');
  const offset = rows[0]?.n ?? 0;
  const batchSize = 2_000;
  const started = Date.now();
  for (let done = 0; done < count; done += batchSize) {
    const batch = [];
    for (let i = done; i < Math.min(count, done + batchSize); i += 1) {
      const n = offset + i + 1;
      const [city, country, currency] = cities[Math.floor(next() * cities.length)]!;
      const name = `${first[Math.floor(next() * first.length)]} ${second[Math.floor(next() * second.length)]} ${city}`;
      const profile = profiles[Math.floor(next() * profiles.length)]!;
      const price = Math.round(basePrice[currency] * (0.5 + next() * 2.5));
      const spec = specs[Math.floor(next() * specs.length)]!;
      batch.push({
        ...spec,
        slug: `syn-${n}-${slugify(name)}`,
        name,
        description: `Synthetic benchmark hotel ${n} in ${city}.`,
        address: `${1 + Math.floor(next() * 400)} Benchmark Street, ${city}`,
        city,
        country,
        rating: Math.round((3 + next() * 2) * 100) / 100,
        total_reviews: Math.floor(next() * 2000),
        price_per_night: price,
        currency,
        price_usd: priceInUsd(price, currency),
        booking_url: `https://synthetic-${n}.example/book`,
        gym_access_type: accessTypes[Math.floor(next() * accessTypes.length)]!,
        raw_equipment: profile.raw,
        equipment_labels: profile.labels,
        equipment_mask: profile.mask,
        status: next() < 0.95 ? 'approved' : 'pending',
      });
    }
    // Each batch's gyms in the same statement: a later anti join against gyms would be planned as a
    // nested loop while gyms is empty and turn quadratic as the insert fills it.
    await pool.query(
      `WITH inserted AS (
         INSERT INTO hotels (slug, name, description, address, city, country, rating, total_reviews, price_per_night, currency, price_usd,
                             booking_url, gym_access_type, raw_equipment, equipment_labels, equipment_mask, status, synthetic)
         SELECT slug, name, description, address, city, country, rating, total_reviews, price_per_night, currency, price_usd,
                booking_url, gym_access_type, raw_equipment, equipment_labels, equipment_mask, status, true
           FROM json_to_recordset($1::json) AS x(slug text, name text, description text, address text, city text, country text, rating numeric,
                total_reviews int, price_per_night numeric, currency text, price_usd numeric, booking_url text, gym_access_type text,
                raw_equipment text[], equipment_labels text[], equipment_mask int, status text)
         RETURNING id, name, slug, raw_equipment, equipment_labels)
       INSERT INTO gyms (hotel_id, name, type, equipment, hours, size, has_pool, has_sauna, has_personal_trainer,
                         weekly_hours, entry, equipment_pieces, heaviest_kettlebell_kg)
       SELECT i.id, i.name || ' Gym', 'hotel gym', i.raw_equipment, coalesce(x.weekly_hours ->> 'mon', '6:00 - 22:00'), '300 sqm',
              'pool' = ANY (i.equipment_labels), 'sauna' = ANY (i.equipment_labels), i.id % 3 = 0,
              x.weekly_hours, x.entry, coalesce(x.equipment_pieces, '[]'), x.heaviest_kettlebell_kg
         FROM inserted i
         JOIN json_to_recordset($1::json) AS x(slug text, weekly_hours jsonb, entry text, equipment_pieces jsonb, heaviest_kettlebell_kg numeric) ON x.slug = i.slug`,
      [JSON.stringify(batch)],
    );
    process.stdout.write(`\rinserted ${Math.min(count, done + batchSize)} / ${count}`);
  }
  await pool.query('VACUUM ANALYZE hotels');
  await pool.query('VACUUM ANALYZE gyms');
  console.log(`\n${count} synthetic hotels in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function remove(pool: pg.Pool): Promise<void> {
  const result = await pool.query('DELETE FROM hotels WHERE synthetic');
  await pool.query('VACUUM ANALYZE hotels');
  await pool.query('VACUUM ANALYZE gyms');
  console.log(`removed ${result.rowCount} synthetic hotels`);
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema},public` });
try {
  if (process.argv.includes('--remove')) await remove(pool);
  else {
    const count = Number(process.argv[2] ?? '100000');
    if (!Number.isInteger(count) || count <= 0) throw new Error('usage: generate-hotels.ts N | --remove');
    await generate(pool, count);
  }
} finally {
  await pool.end();
}
