import { Heart } from 'lucide-react';
import { useFavorites } from '@/hooks/useFavorites';
import { cn } from '@/lib/cn';

/** The heart: optimistic toggle for signed-in users, the sign-in toast for visitors. */
export function FavoriteButton({ hotelId, hotelName, className, withLabel = false }: { hotelId: number; hotelName: string; className?: string; withLabel?: boolean }) {
  const { isFavorite, toggle } = useFavorites();
  const active = isFavorite(hotelId);
  const label = active ? `Remove ${hotelName} from favorites` : `Save ${hotelName} to favorites`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={active ? 'Remove from favorites' : 'Save to favorites'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle(hotelId);
      }}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full bg-white/95 text-slate-700 shadow-md transition hover:scale-105 hover:text-red-500',
        withLabel ? 'h-11 px-4 text-sm font-semibold' : 'h-10 w-10',
        className,
      )}
    >
      <Heart aria-hidden className={cn('h-5 w-5', active && 'fill-red-500 text-red-500')} />
      {withLabel ? <span>{active ? 'Saved' : 'Save'}</span> : null}
    </button>
  );
}
