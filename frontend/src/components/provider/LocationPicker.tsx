import { useEffect, useRef } from 'react';
import L from 'leaflet';
// Leaflet and its stylesheet load only when a provider opens the picker.
import 'leaflet/dist/leaflet.css';
import { tileConfig } from '@/lib/mapTiles';

interface LocationPickerProps {
  latitude: number | null;
  longitude: number | null;
  onPick: (latitude: number, longitude: number) => void;
  /** What the pin places ("the hotel", "the gym"). */
  subject?: string;
}

const pin = L.divIcon({
  className: 'rr-map-pin',
  iconSize: undefined,
  html: '<span class="block h-6 w-6 -translate-x-1/2 -translate-y-full rounded-full rounded-br-none rotate-45 border-2 border-white bg-brand-600 shadow-md"></span>',
});
const rounded = (n: number) => Math.round(n * 100_000) / 100_000;

/** A map to place the hotel with a pin: click (or drag the pin) to fill the latitude and longitude fields. */
export default function LocationPicker({ latitude, longitude, onPick, subject = 'the hotel' }: LocationPickerProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { worldCopyJump: true }).setView([20, 0], 2);
    const tiles = tileConfig();
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(created);
    const place = (at: L.LatLng) => {
      const wrapped = at.wrap();
      pick.current(rounded(wrapped.lat), rounded(wrapped.lng));
    };
    created.on('click', (event: L.LeafletMouseEvent) => place(event.latlng));
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (latitude === null || longitude === null) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([latitude, longitude], { icon: pin, draggable: true, keyboard: false, title: '', alt: '' }).addTo(current);
      marker.current.on('dragend', () => {
        const at = marker.current!.getLatLng().wrap();
        pick.current(rounded(at.lat), rounded(at.lng));
      });
      current.setView([latitude, longitude], Math.max(current.getZoom(), 12));
    } else {
      marker.current.setLatLng([latitude, longitude]);
    }
  }, [latitude, longitude]);

  return (
    <div>
      <div
        ref={container}
        role="application"
        aria-label={`Map: click where ${subject} is to set its latitude and longitude`}
        data-testid="location-picker"
        className="relative z-0 h-64 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
      />
      <p className="mt-1.5 text-xs text-slate-600">Click {subject}’s spot (drag the pin to adjust). The latitude and longitude fields show the result and can be typed instead.</p>
    </div>
  );
}
