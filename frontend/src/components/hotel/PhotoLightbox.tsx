import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { HotelImage } from '@/components/HotelImage';
import type { GalleryPhoto } from '@/lib/photos';

/** A horizontal move of at least this many CSS pixels, more across than up or down, is a swipe. */
export const SWIPE_PX = 40;

export interface PhotoLightboxProps {
  photos: readonly GalleryPhoto[];
  index: number;
  open: boolean;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  hotelName: string;
  /** Where focus goes back to once closed (the photo that opened it). */
  returnFocus?: () => HTMLElement | null;
}

/**
 * One photo at a time, large, with its caption: arrow keys and the two buttons go to the previous and next photo
 * (round the ends), a swipe does the same (pointer events: finger, pen or mouse), Escape and the close button close
 * it. Focus stays inside while open and goes back to the photo that opened it (Radix Dialog).
 */
export default function PhotoLightbox({ photos, index, open, onIndexChange, onClose, hotelName, returnFocus }: PhotoLightboxProps) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const count = photos.length;
  const photo = photos[Math.min(Math.max(index, 0), count - 1)];
  const go = (step: number) => onIndexChange((index + step + count) % count);
  if (!photo) return null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-slate-950 focus:outline-none"
          aria-describedby={photo.caption ? 'lightbox-caption' : undefined}
          onCloseAutoFocus={(event) => {
            // Radix gives focus to a Dialog.Trigger; the gallery's photos are plain buttons, so it goes back here.
            const target = returnFocus?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onKeyDown={(event) => {
            if (count < 2) return;
            if (event.key === 'ArrowRight') {
              event.preventDefault();
              go(1);
            } else if (event.key === 'ArrowLeft') {
              event.preventDefault();
              go(-1);
            }
          }}
          data-testid="photo-lightbox"
        >
          <div className="flex items-center justify-between gap-3 px-4 py-3 text-white">
            <Dialog.Title className="truncate text-sm font-semibold">
              {hotelName} · photo <span data-testid="lightbox-position">{index + 1} of {count}</span>
            </Dialog.Title>
            <Dialog.Close
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
              aria-label="Close photos"
            >
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-16"
            data-testid="lightbox-stage"
            onPointerDown={(event) => {
              start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
            }}
            onPointerUp={(event) => {
              const from = start.current;
              start.current = null;
              if (!from || from.id !== event.pointerId || count < 2) return;
              const dx = event.clientX - from.x;
              const dy = event.clientY - from.y;
              if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
            }}
            onPointerCancel={() => {
              start.current = null;
            }}
          >
            <figure className="flex max-h-full w-full max-w-5xl flex-col items-center">
              <HotelImage
                key={photo.src}
                src={photo.src}
                alt={photo.alt}
                ratio="4 / 3"
                loading="eager"
                sizes="(min-width: 1024px) 1024px, 100vw"
                preferredWidth={1200}
                draggable={false}
                wrapperClassName="w-full max-h-[calc(100dvh-10rem)] rounded-lg [background:none]"
                className="object-contain"
              />
              <figcaption id="lightbox-caption" className="mt-3 min-h-5 px-2 text-center text-sm text-slate-100" data-testid="lightbox-caption">
                {photo.caption ?? photo.alt}
              </figcaption>
            </figure>
            {count > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  className="absolute top-1/2 left-2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                  aria-label="Previous photo"
                >
                  <ChevronLeft aria-hidden className="h-6 w-6" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  className="absolute top-1/2 right-2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                  aria-label="Next photo"
                >
                  <ChevronRight aria-hidden className="h-6 w-6" />
                </button>
              </>
            ) : null}
          </div>
          <p className="px-4 pb-4 text-center text-xs text-slate-300">Use the arrow keys or swipe for the next photo; Escape closes.</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
