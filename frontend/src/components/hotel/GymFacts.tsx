import { Suspense, lazy, useEffect, useState } from 'react';
import { Building2, Clock, KeyRound, MapPin, Ruler } from 'lucide-react';
import type { Hotel } from '@/api/types';
import { accessHeading, distanceLine, entryText, guestFeeText, gymPoint, pieceLines, specRows, weekRows } from '@/lib/gymFacts';
import { useWeightUnit } from '@/lib/displayPrefs';

const GymLocationMap = lazy(() => import('./GymLocationMap'));

const card = 'rounded-2xl border border-slate-200 bg-white p-5';
const notStated = <span className="text-slate-500">Not stated</span>;

/** The map only in the browser, after the page is hydrated: the server's page and the first render carry its place. */
function LocationMap({ hotel }: { hotel: Hotel }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const point = gymPoint(hotel);
  if (!point) return null;
  const placeholder = <div className="h-48 w-full animate-pulse rounded-xl bg-slate-100" aria-hidden />;
  const hotelPoint = typeof hotel.latitude === 'number' && typeof hotel.longitude === 'number' ? { lat: hotel.latitude, lng: hotel.longitude } : null;
  return (
    <div className="mt-4">
      {mounted ? (
        <Suspense fallback={placeholder}>
          <GymLocationMap hotel={hotelPoint} gym={point} hotelName={hotel.name} gymName={hotel.gym?.name || 'The gym'} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/**
 * Everything the listing says about the gym: its name and description, where it is (in the hotel, or a partner or
 * nearby gym with its address, distance, walk and a small map), how a guest gets in and any fee, the hours of each
 * day, and the equipment specs. What the listing does not state says so.
 */
export function GymFacts({ hotel }: { hotel: Hotel }) {
  const unit = useWeightUnit();
  const gym = hotel.gym;
  if (!gym) return null;
  const elsewhere = hotel.gymAccessType !== 'on-site';
  const distance = distanceLine(gym);
  const entry = entryText(gym);
  const fee = guestFeeText(gym);
  const days = weekRows(gym);
  const anyDay = days.some((d) => d.known);
  const pieces = pieceLines(gym);
  const specs = specRows(gym, unit);
  return (
    <div className="mt-5 space-y-4" data-testid="gym-facts">
      {gym.name || gym.description ? (
        <div>
          {gym.name ? (
            <h3 className="text-xl font-bold text-slate-900" data-testid="gym-name">
              {gym.name}
            </h3>
          ) : null}
          {gym.type ? <p className="text-sm font-medium text-slate-600 first-letter:uppercase">{gym.type}</p> : null}
          {gym.description ? (
            <p className="mt-2 leading-relaxed text-slate-700" data-testid="gym-description">
              {gym.description}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="gym-where-heading" className={card} data-testid="gym-where">
          <h3 id="gym-where-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
            {elsewhere ? <MapPin aria-hidden className="h-4 w-4 text-ocean-600" /> : <Building2 aria-hidden className="h-4 w-4 text-ocean-600" />}
            {accessHeading(hotel.gymAccessType)}
          </h3>
          {elsewhere ? (
            <dl className="mt-3 space-y-1.5 text-sm text-slate-700">
              <div>
                <dt className="sr-only">Address</dt>
                <dd>{gym.address || notStated}</dd>
              </div>
              <div>
                <dt className="sr-only">Distance</dt>
                <dd>{distance ?? <span className="text-slate-500">Distance not stated</span>}</dd>
              </div>
            </dl>
          ) : (
            <p className="mt-3 text-sm text-slate-700">The gym is in the hotel building.</p>
          )}
          {elsewhere ? <LocationMap hotel={hotel} /> : null}
        </section>

        <section aria-labelledby="gym-entry-heading" className={card} data-testid="gym-entry">
          <h3 id="gym-entry-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
            <KeyRound aria-hidden className="h-4 w-4 text-ocean-600" />
            Getting in
          </h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="font-medium text-slate-600">Entry</dt>
            <dd className="text-slate-800">{entry ?? notStated}</dd>
            <dt className="font-medium text-slate-600">Guest fee</dt>
            <dd className="text-slate-800">{fee ?? notStated}</dd>
          </dl>
        </section>

        <section aria-labelledby="gym-hours-heading" className={card} data-testid="gym-hours">
          <h3 id="gym-hours-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
            <Clock aria-hidden className="h-4 w-4 text-ocean-600" />
            Opening hours
          </h3>
          {anyDay ? (
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">Opening hours of each day</caption>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-1 pr-4 text-left font-medium text-slate-600">
                      {d.name}
                    </th>
                    <td className={d.known ? 'py-1 text-slate-800 tabular-nums' : 'py-1 text-slate-500'}>{d.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-3 text-sm text-slate-700">{gym.hours || notStated}</p>
          )}
        </section>

        <section aria-labelledby="gym-specs-heading" className={card} data-testid="gym-specs">
          <h3 id="gym-specs-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
            <Ruler aria-hidden className="h-4 w-4 text-ocean-600" />
            Equipment specs
          </h3>
          {pieces.length || specs.length ? (
            <ul className="mt-3 space-y-1.5 text-sm text-slate-800">
              {pieces.map((line) => (
                <li key={line.item}>{line.text}</li>
              ))}
              {specs.map((row) => (
                <li key={row.label}>
                  {row.label}: {row.value}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-500">Counts and weights not stated</p>
          )}
        </section>
      </div>
    </div>
  );
}
