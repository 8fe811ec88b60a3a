import { lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { savedSearchPath, type SavedSearchParams } from '@reproute/contracts';
import { useSavedSearches } from '@/api/savedSearches';
import { useSession } from '@/hooks/useSession';
import { Button } from '@/components/ui/Button';
import { WhenOpened } from '@/components/ui/WhenOpened';

// The dialog (Radix, the form and its schema) loads when it is first opened.
const SaveSearchDialogContent = lazy(() => import('./SaveSearchDialogContent'));

/**
 * "Save this search": keeps the search page's query (the parameters its URL holds) with the traveller's alert
 * choice. A visitor is asked to sign in and an unverified account to verify its address first, in the same
 * dialog; a search already saved shows "Search saved", linking to the profile's list.
 */
export function SaveSearchButton({ params, suggestedName }: { params: SavedSearchParams; suggestedName: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const saved = useSavedSearches(Boolean(user?.emailVerified));
  const path = savedSearchPath(params);
  const already = saved.data?.items.find((s) => s.searchPath === path);
  if (already) {
    return (
      <Button asChild variant="outline" size="sm" className="border-brand-300 text-brand-700">
        <Link to="/profile#saved-searches" data-testid="search-saved" aria-label={`Search saved as ${already.name}: manage it in your profile`}>
          <BookmarkCheck aria-hidden className="h-4 w-4" />
          Search saved
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="save-search">
        <Bookmark aria-hidden className="h-4 w-4" />
        Save this search
      </Button>
      <WhenOpened open={open}>
        <SaveSearchDialogContent
          open={open}
          onOpenChange={setOpen}
          params={params}
          suggestedName={suggestedName}
          atLimit={saved.data ? saved.data.items.length >= saved.data.limit : false}
          limit={saved.data?.limit ?? null}
        />
      </WhenOpened>
    </>
  );
}
