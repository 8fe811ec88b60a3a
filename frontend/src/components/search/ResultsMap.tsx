import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
// Leaflet's stylesheet ships only with this lazily loaded chunk, not with the search page.
import 'leaflet/dist/leaflet.css';
import type { Hotel } from '@/api/types';
import { HotelCard } from '@/components/HotelCard';
import { hotelPriceLabel } from '@/lib/hotel';
import { tileConfig } from '@/lib/mapTiles';
import { clusterFrom, clusterLabel, clusterPoints } from './mapClusters';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The marker's accessible name: the hotel and its nightly price. */
export function markerLabel(hotel: Hotel): string {
  const price = hotelPriceLabel(hotel);
  return price ? `${hotel.name}, ${price} per night` : `${hotel.name}, contact for pricing`;
}

/** The current results on a map: one focusable marker per hotel with coordinates (grouped when there are many); choosing one shows its card. */
export default function ResultsMap({ hotels }: { hotels: Hotel[] }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const placed = hotels.filter((h) => typeof h.latitude === 'number' && typeof h.longitude === 'number');
  const unplaced = hotels.filter((h) => typeof h.latitude !== 'number' || typeof h.longitude !== 'number');
  const selected = placed.find((h) => h.id === selectedId) ?? null;
  const placedKey = placed.map((h) => `${h.id}:${h.latitude}:${h.longitude}:${h.pricePerNight ?? h.price}`).join('|');

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { scrollWheelZoom: false, worldCopyJump: true }).setView([20, 0], 2);
    const tiles = tileConfig();
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(created);
    markers.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      markers.current = null;
    };
  }, []);

  // Many located hotels (pages of a large result) are grouped by where they fall on screen (mapClusters.ts), again
  // after every zoom; a group's marker zooms in on its hotels.
  const [zoomed, setZoomed] = useState(0);
  useEffect(() => {
    const created = map.current;
    if (!created) return;
    const onZoom = () => setZoomed((n) => n + 1);
    created.on('zoomend', onZoom);
    return () => {
      created.off('zoomend', onZoom);
    };
  }, []);

  useEffect(() => {
    const group = markers.current;
    if (!map.current || !group) return;
    if (placed.length > 0) map.current.fitBounds(L.latLngBounds(placed.map((h) => [h.latitude!, h.longitude!] as [number, number])), { padding: [48, 48], maxZoom: 14 });
    // placedKey stands for the placed hotels; the array itself is new on every render.
  }, [placedKey]);

  useEffect(() => {
    const group = markers.current;
    const shown = map.current;
    if (!shown || !group) return;
    group.clearLayers();
    const groups =
      placed.length >= clusterFrom
        ? clusterPoints(placed.map((hotel) => ({ item: hotel, ...shown.latLngToLayerPoint([hotel.latitude!, hotel.longitude!]) })))
        : placed.map((hotel) => ({ items: [hotel], x: 0, y: 0 }));
    for (const { items } of groups) {
      if (items.length > 1) {
        const bounds = L.latLngBounds(items.map((h) => [h.latitude!, h.longitude!] as [number, number]));
        const label = clusterLabel(items.length);
        const icon = L.divIcon({
          className: 'rr-map-marker',
          iconSize: undefined,
          html: `<button type="button" aria-label="${escapeHtml(label)}" title="${escapeHtml(label)}" data-cluster-size="${items.length}" class="-translate-x-1/2 -translate-y-1/2 flex h-10 min-w-10 items-center justify-center rounded-full border-2 border-white bg-slate-900 px-2 text-sm font-bold text-white shadow-md hover:bg-slate-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ocean-500">${items.length}</button>`,
        });
        const marker = L.marker(bounds.getCenter(), { icon, keyboard: false, title: '', alt: '' });
        marker.on('add', () => {
          const button = marker.getElement()?.querySelector('button');
          if (!button) return;
          L.DomEvent.disableClickPropagation(button);
          button.addEventListener('click', () => shown.fitBounds(bounds, { padding: [48, 48], maxZoom: Math.max(shown.getZoom() + 2, 14) }));
        });
        marker.addTo(group);
        continue;
      }
      const hotel = items[0]!;
      const label = markerLabel(hotel);
      const price = hotelPriceLabel(hotel) ?? hotel.name;
      const icon = L.divIcon({
        className: 'rr-map-marker',
        iconSize: undefined,
        html: `<button type="button" aria-label="${escapeHtml(label)}" title="${escapeHtml(label)}" data-hotel-id="${hotel.id}" class="-translate-x-1/2 -translate-y-full whitespace-nowrap rounded-full border-2 border-white bg-brand-600 px-2.5 py-1 text-xs font-bold text-white shadow-md hover:bg-brand-700 aria-pressed:z-10 aria-pressed:scale-110 aria-pressed:bg-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ocean-500">${escapeHtml(price)}</button>`,
      });
      // The button inside the icon is the one tab stop; Leaflet's own keyboard handling would add a second.
      const marker = L.marker([hotel.latitude!, hotel.longitude!], { icon, keyboard: false, title: '', alt: '' });
      marker.on('add', () => {
        const button = marker.getElement()?.querySelector('button');
        if (!button) return;
        L.DomEvent.disableClickPropagation(button);
        button.addEventListener('click', () => setSelectedId(hotel.id));
      });
      marker.addTo(group);
    }
    // placedKey stands for the placed hotels; the array itself is new on every render.
  }, [placedKey, zoomed]);

  useEffect(() => {
    for (const button of container.current?.querySelectorAll<HTMLButtonElement>('button[data-hotel-id]') ?? []) {
      const isSelected = Number(button.dataset.hotelId) === selectedId;
      button.setAttribute('aria-pressed', String(isSelected));
    }
  }, [selectedId, placedKey, zoomed]);

  return (
    <div data-testid="results-map">
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <div>
          <div
            ref={container}
            role="region"
            aria-label={`Map of ${placed.length} ${placed.length === 1 ? 'hotel' : 'hotels'}`}
            className="relative z-0 h-[420px] w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 lg:h-[560px]"
          />
          <p className="mt-2 text-sm text-slate-600">Choose a price marker to see the hotel. On a keyboard, Tab moves between markers and Enter opens one.</p>
        </div>
        <div aria-live="polite" data-testid="map-selection">
          {selected ? (
            <HotelCard hotel={selected} />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
              {placed.length > 0 ? 'Select a marker to see the hotel here.' : 'None of these hotels has a location on the map yet.'}
            </p>
          )}
        </div>
      </div>
      {unplaced.length > 0 ? (
        <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4" data-testid="not-on-map">
          <h3 className="text-sm font-bold text-slate-900">Not on the map ({unplaced.length})</h3>
          <p className="mt-1 text-sm text-slate-600">These hotels have no location yet:</p>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            {unplaced.map((h) => (
              <li key={h.id}>{h.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
