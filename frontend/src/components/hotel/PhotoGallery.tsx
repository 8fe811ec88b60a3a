import { lazy, useRef, useState } from 'react';
import type { Hotel } from '@/api/types';
import { HotelImage } from '@/components/HotelImage';
import { WhenOpened } from '@/components/ui/WhenOpened';
import { galleryPhotos } from '@/lib/photos';

const load = () => import('./PhotoLightbox');
const PhotoLightbox = lazy(load);
const preload = () => void load().catch(() => undefined);

/**
 * The hotel page's gallery: each photo with its caption (when the listing has one) and alt text from the data; a
 * photo opens the lightbox at it (its code, Radix Dialog's focus trap, loads on the first intent to open).
 */
export function PhotoGallery({ hotel, photos }: { hotel: Hotel; photos: readonly string[] }) {
  const items = galleryPhotos(hotel, photos);
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="photo-gallery">
        {items.map((photo, i) => (
          <li key={photo.src}>
            <figure>
              <button
                type="button"
                className="block w-full cursor-zoom-in rounded-xl focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:ring-offset-2 focus-visible:outline-none"
                aria-label={`Open photo ${i + 1} of ${items.length}: ${photo.alt}`}
                aria-haspopup="dialog"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setIndex(i);
                }}
                onPointerEnter={preload}
                onFocus={preload}
                data-testid="gallery-photo"
              >
                <HotelImage src={photo.src} alt={photo.alt} ratio="4 / 3" sizes="(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw" preferredWidth={400} wrapperClassName="rounded-xl" />
              </button>
              {photo.caption ? <figcaption className="mt-1.5 line-clamp-2 text-sm text-slate-700">{photo.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      <WhenOpened open={index !== null}>
        <PhotoLightbox photos={items} index={index ?? 0} open={index !== null} onIndexChange={setIndex} onClose={() => setIndex(null)} hotelName={hotel.name} returnFocus={() => opener.current} />
      </WhenOpened>
    </>
  );
}
