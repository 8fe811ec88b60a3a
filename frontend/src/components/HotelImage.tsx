import { useState, type ImgHTMLAttributes } from 'react';
import { HOTEL_PLACEHOLDER } from '@/lib/hotel';
import { cn } from '@/lib/cn';

interface HotelImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** Reserved box ratio, so the image never shifts the layout. */
  ratio?: string;
  wrapperClassName?: string;
}

/** An image in a box of fixed ratio that falls back to the local placeholder on error. */
export function HotelImage({ src, alt, ratio = '4 / 3', wrapperClassName, className, loading = 'lazy', ...props }: HotelImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || HOTEL_PLACEHOLDER;
  const shown = failedSrc === wanted ? HOTEL_PLACEHOLDER : wanted;
  return (
    <div className={cn('relative overflow-hidden bg-gradient-to-br from-brand-100 to-ocean-100', wrapperClassName)} style={{ aspectRatio: ratio }}>
      <img
        src={shown}
        alt={alt}
        loading={loading}
        decoding="async"
        onError={() => {
          if (shown !== HOTEL_PLACEHOLDER) setFailedSrc(wanted);
        }}
        className={cn('absolute inset-0 h-full w-full object-cover', className)}
        {...props}
      />
    </div>
  );
}
