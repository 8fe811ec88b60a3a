import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { messages } from '@reproute/contracts';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch, type SavedSearchItem } from '@/api/savedSearches';
import { ApiError, serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { TextField, inputClass } from '@/components/ui/Field';
import { Badge } from '@/components/ui/Misc';
import { equipmentLabelText } from '@/lib/hotel';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';

const alertText = { instant: 'Right away', weekly: 'Weekly digest', paused: 'Paused' } as const;
type Alerts = keyof typeof alertText;

/** What the search looks for, as the search page shows it: the words, the equipment, how many other filters. */
export function searchSummary(params: Record<string, string>): string {
  const parts: string[] = [params.query ? `"${params.query}"` : 'All hotels'];
  const eq = (params.eq ?? '').split(',').filter(Boolean);
  // `eqMatch=any`: any of the labels ("Pool or sauna"); otherwise they combine as the search's default does.
  if (eq.length > 0) parts.push(eq.map(equipmentLabelText).join(params.eqMatch === 'any' && eq.length > 1 ? ' or ' : ', '));
  const others = Object.keys(params).filter((key) => !['query', 'eq', 'eqMatch', 'sort', 'lat', 'lng', 'currency'].includes(key)).length;
  if (others > 0) parts.push(`${others} more ${others === 1 ? 'filter' : 'filters'}`);
  return parts.join(' · ');
}

/** The profile's saved searches: each opens the search, and can be renamed, paused (or its alerts changed) and deleted. */
export function SavedSearches({ verified }: { verified: boolean }) {
  const list = useSavedSearches();
  if (list.isPending) return <p className="mt-3 text-sm text-slate-600">Loading your saved searches...</p>;
  if (list.isError) return <p className="mt-3 text-sm text-red-700">Your saved searches could not be loaded. Please try again in a moment.</p>;
  const { items, limit } = list.data;
  return (
    <div className="mt-3">
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-700" data-testid="saved-searches-empty">
          <p>
            You have no saved searches yet. On the search page, choose <span className="font-semibold">Save this search</span> and we will email you when a new hotel matches.
          </p>
          {!verified ? <p className="mt-2 text-amber-900">Verify your email address first: alerts go only to an address you have confirmed.</p> : null}
          <Button asChild size="sm" variant="outline" className="mt-3">
            <Link to="/search">Search hotels</Link>
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="saved-searches">
          {items.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {items.length} of {limit} saved searches. Alerts right away come as each matching hotel is approved; the weekly digest comes on Mondays. Each hotel is emailed once per search.
      </p>
    </div>
  );
}

function SavedSearchRow({ search }: { search: SavedSearchItem }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [name, setName] = useState(search.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const alertsId = `alerts-${search.id}`;

  const setAlerts = async (alerts: Alerts) => {
    setError(null);
    try {
      await update.mutateAsync({ id: search.id, alerts });
      toast({ title: alerts === 'paused' ? 'Alerts paused' : 'Alerts on', description: alerts === 'paused' ? `"${search.name}" sends nothing until you turn it back on.` : `"${search.name}": ${alertText[alerts].toLowerCase()}.` });
    } catch (err) {
      setError(serverMessageOr(err, 'The change could not be saved. Please try again.'));
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    if (!name.trim()) return setNameError(messages.savedSearchNameRequired);
    try {
      await update.mutateAsync({ id: search.id, name });
      setRenaming(false);
    } catch (err) {
      setNameError(err instanceof ApiError ? (err.body?.errors?.[0]?.message ?? err.serverMessage) : 'The name could not be saved. Please try again.');
    }
  };

  const destroy = async () => {
    setError(null);
    try {
      await remove.mutateAsync(search.id);
      toast({ title: 'Saved search deleted', description: `"${search.name}" sends no more alerts.` });
    } catch (err) {
      setError(serverMessageOr(err, 'The search could not be deleted. Please try again.'));
    }
  };

  return (
    <li className="py-4" data-testid="saved-search" data-saved-search-id={search.id}>
      {renaming ? (
        <form onSubmit={(e) => void rename(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField label="Name" className="flex-1" maxLength={80} value={name} error={nameError} onChange={(e) => setName(e.target.value)} autoFocus />
          <div className="flex gap-2 sm:mt-7">
            <Button type="submit" size="sm" disabled={update.isPending}>
              Save name
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setRenaming(false);
                setName(search.name);
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-slate-900">
              <Link to={search.searchPath} className="hover:text-ocean-700 hover:underline">
                {search.name}
              </Link>
            </h3>
            <p className="mt-0.5 text-sm break-words text-slate-600">{searchSummary(search.params)}</p>
          </div>
          {search.alerts === 'paused' ? <Badge tone="amber">Paused</Badge> : <Badge tone="green">{alertText[search.alerts]}</Badge>}
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={alertsId} className="text-sm font-medium text-slate-700">
          Alerts
        </label>
        <select
          id={alertsId}
          value={search.alerts}
          disabled={update.isPending}
          onChange={(e) => void setAlerts(e.target.value as Alerts)}
          className={cn(inputClass, 'h-9 w-auto py-1 text-sm')}
        >
          {(Object.keys(alertText) as Alerts[]).map((value) => (
            <option key={value} value={value}>
              {alertText[value]}
            </option>
          ))}
        </select>
        <Button size="sm" variant="ghost" onClick={() => void setAlerts(search.alerts === 'paused' ? 'instant' : 'paused')} disabled={update.isPending}>
          {search.alerts === 'paused' ? <Play aria-hidden className="h-4 w-4" /> : <Pause aria-hidden className="h-4 w-4" />}
          {search.alerts === 'paused' ? 'Resume' : 'Pause'}
        </Button>
        {!renaming ? (
          <Button size="sm" variant="ghost" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden className="h-4 w-4" /> Rename
          </Button>
        ) : null}
        {confirmDelete ? (
          <span className="flex flex-wrap items-center gap-2" role="group" aria-label={`Delete "${search.name}"?`}>
            <span className="text-sm text-slate-700">Delete this saved search?</span>
            <Button size="sm" variant="destructive" onClick={() => void destroy()} disabled={remove.isPending}>
              Delete
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirmDelete(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden className="h-4 w-4" /> Delete
          </Button>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {search.hotelsNotified === 0 ? 'No new hotels yet.' : `Told you about ${search.hotelsNotified} ${search.hotelsNotified === 1 ? 'hotel' : 'hotels'}.`}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </li>
  );
}
