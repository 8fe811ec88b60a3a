import { useEffect, useRef } from 'react';
import L from 'leaflet';
// Leaflet and its stylesheet load only on a hotel page whose gym is elsewhere and placed on the map.
import 'leaflet/dist/leaflet.css';
import { tileConfig } from '@/lib/mapTiles';

interface Point {
  lat: number;
  lng: number;
}

const pin = (colour: string, letter: string) =>
  L.divIcon({
    className: 'rr-map-pin',
    iconSize: undefined,
    html: `<span class="flex h-7 w-7 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full border-2 border-white ${colour} text-xs font-bold text-white shadow-md">${letter}</span>`,
  });

/** A small map of the hotel (H) and its partner or nearby gym (G), both in view, named by its caption; markers take no focus (the address and distance say it in text). */
export default function GymLocationMap({ hotel, gym, hotelName, gymName }: { hotel: Point | null; gym: Point; hotelName: string; gymName: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false, zoomControl: true, attributionControl: true, keyboard: false });
    const tiles = tileConfig();
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    L.marker([gym.lat, gym.lng], { icon: pin('bg-brand-600', 'G'), keyboard: false, title: gymName, alt: '' }).addTo(map);
    if (hotel) {
      L.marker([hotel.lat, hotel.lng], { icon: pin('bg-slate-800', 'H'), keyboard: false, title: hotelName, alt: '' }).addTo(map);
      map.fitBounds(L.latLngBounds([hotel.lat, hotel.lng], [gym.lat, gym.lng]), { padding: [36, 36], maxZoom: 17 });
    } else {
      map.setView([gym.lat, gym.lng], 15);
    }
    return () => {
      map.remove();
    };
  }, [hotel?.lat, hotel?.lng, gym.lat, gym.lng, hotelName, gymName]);
  return (
    <figure data-testid="gym-location-map">
      <div ref={container} className="relative z-0 h-48 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100" />
      <figcaption className="mt-1.5 text-xs text-slate-600">{hotel ? `Map: G is ${gymName}, H is ${hotelName}` : `Map: ${gymName}`}</figcaption>
    </figure>
  );
}
