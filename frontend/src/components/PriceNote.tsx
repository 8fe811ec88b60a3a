import type { ShownPrice } from '@/lib/prices';
import { cn } from '@/lib/cn';

/** Under a converted price: "Converted from £285 at the rates of 2 Dec 2026"; nothing for the hotel's own price. */
export function PriceNote({ price, className }: { price: ShownPrice | null; className?: string }) {
  if (!price?.note) return null;
  return (
    <p className={cn('text-xs text-slate-600', className)} data-testid="price-converted-note">
      {price.note}
    </p>
  );
}
