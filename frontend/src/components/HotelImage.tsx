import { useState, type ImgHTMLAttributes } from 'react';
import { photoSources } from '@reproute/contracts';
import { HOTEL_PLACEHOLDER } from '@/lib/hotel';
import { cn } from '@/lib/cn';

interface HotelImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | null | undefined;
  alt: string;
  /** Reserved box ratio, so the image never shifts the layout. */
  ratio?: string;
  wrapperClassName?: string;
  /** How wide the image is shown, for the browser to pick an uploaded photo's variant (the `sizes` attribute). */
  sizes?: string;
  /** The variant used when the browser ignores srcset. */
  preferredWidth?: number;
}

/**
 * An image in a box of fixed ratio that falls back to the local placeholder on error. An uploaded
 * photo comes with its WebP variants as srcset, so phones download the small one.
 */
export function HotelImage({ src, alt, ratio = '4 / 3', wrapperClassName, className, loading = 'lazy', sizes = '100vw', preferredWidth = 800, ...props }: HotelImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || HOTEL_PLACEHOLDER;
  const failed = failedSrc === wanted;
  const sources = failed ? { src: HOTEL_PLACEHOLDER, srcSet: null } : photoSources(wanted, preferredWidth);
  return (
    <div className={cn('relative overflow-hidden bg-gradient-to-br from-brand-100 to-ocean-100', wrapperClassName)} style={{ aspectRatio: ratio }}>
      <img
        src={sources.src}
        srcSet={sources.srcSet ?? undefined}
        sizes={sources.srcSet ? sizes : undefined}
        alt={alt}
        loading={loading}
        decoding="async"
        onError={() => {
          if (!failed && wanted !== HOTEL_PLACEHOLDER) setFailedSrc(wanted);
        }}
        className={cn('absolute inset-0 h-full w-full object-cover', className)}
        {...props}
      />
    </div>
  );
}
