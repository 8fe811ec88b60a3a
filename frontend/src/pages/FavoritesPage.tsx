import { Link } from 'react-router-dom';
import { Heart } from 'lucide-react';
import { HotelCard, HotelCardSkeleton } from '@/components/HotelCard';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { useHotelsByIds } from '@/api/hotels';
import { useFavorites } from '@/hooks/useFavorites';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';

export const FAVORITES_SKELETONS = 6;

/** /favourites and /favorites: the signed-in user's saved hotels; visitors see the empty state with a way to sign in. */
export default function FavoritesPage() {
  useDocumentTitle(pageTitles.favourites);
  const { user } = useSession();
  const { ids, status } = useFavorites();
  const hotels = useHotelsByIds(user ? ids : []);
  const loading = Boolean(user) && (status !== 'ready' || (ids.length > 0 && hotels.isPending));
  const byId = new Map((hotels.data ?? []).map((h) => [h.id, h]));
  const saved = ids.map((id) => byId.get(id)).filter((h) => h !== undefined);
  const count = loading ? null : saved.length;

  return (
    <Container className="py-10 sm:py-14">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-red-50 text-red-500">
          <Heart aria-hidden className="h-6 w-6 fill-red-500" />
        </span>
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Your Favourite Hotels</h1>
          <p className="text-slate-600" data-testid="favorites-count">
            {count === null ? 'Loading your saved hotels...' : `${count} ${count === 1 ? 'hotel' : 'hotels'} saved`}
          </p>
        </div>
      </div>

      {loading ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: FAVORITES_SKELETONS }, (_, i) => (
            <HotelCardSkeleton key={i} />
          ))}
        </div>
      ) : saved.length > 0 ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {saved.map((hotel) => (
            <HotelCard key={hotel.id} hotel={hotel} />
          ))}
        </div>
      ) : (
        <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center" data-testid="favorites-empty">
          <Heart aria-hidden className="h-12 w-12 text-slate-300" />
          <h2 className="mt-4 text-xl font-bold text-slate-900">No favourites yet</h2>
          <p className="mt-2 max-w-md text-slate-600">
            {user
              ? 'Tap the heart on any hotel to save it here for your next trip.'
              : 'Sign in to save hotels with the gyms you love and find them here on any device.'}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/search">Discover Hotels</Link>
            </Button>
            {user ? null : (
              <Button asChild variant="outline">
                <Link to="/login?redirect=/favourites">Sign In</Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </Container>
  );
}
