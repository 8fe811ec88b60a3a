import { useState } from 'react';
import { Download, Inbox, X } from 'lucide-react';
import type { ProviderLead } from '@reproute/contracts';
import { leadStatuses, type LeadStatus } from '@reproute/contracts/lead-values';
import { downloadLeadsCsv, useProviderHotels, useProviderLeads, useSetLeadStatus, type LeadInboxQuery } from '@/api/provider';
import { serverMessageOr } from '@/api/request';
import { FilterSelect, SelectField } from '@/components/provider/FormControls';
import { LeadCards, LeadTable } from '@/components/provider/LeadTable';
import { LeadRoutingCard } from '@/components/provider/LeadRoutingCard';
import { Button } from '@/components/ui/Button';
import { Pager } from '@/components/ui/Pager';
import { TextField } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/Misc';
import { useUrlFilters, type UrlFilterChanges } from '@/hooks/useUrlFilters';
import { leadStatusLabels } from '@/pages/provider/dashboardFigures';
import { toast } from '@/store/toast';

export const leadsPerPage = 25;
/** The inbox's own URL parameters; other parameters of the page (a tab, for example) are left alone. */
const filterKeys = ['hotel', 'status', 'from', 'to', 'page'] as const;
const isLeadStatus = (value: string | null): value is LeadStatus => leadStatuses.includes(value as LeadStatus);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters and page as the URL holds them; anything malformed is read as "no filter". */
export function inboxQueryFrom(params: URLSearchParams): Required<Pick<LeadInboxQuery, 'page'>> & LeadInboxQuery {
  const hotel = Number(params.get('hotel'));
  const page = Number(params.get('page'));
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  return {
    hotelId: Number.isInteger(hotel) && hotel > 0 ? hotel : null,
    status: isLeadStatus(status) ? status : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The provider's lead inbox: filters by hotel, status and the day a lead was made (kept in the URL,
 * so a filtered view can be bookmarked or shared), one page of leads with a status control each,
 * paging, and a CSV export of everything the filters match.
 */
export function LeadInbox() {
  const { params, update: updateUrl } = useUrlFilters<(typeof filterKeys)[number]>();
  const query = inboxQueryFrom(params);
  const filtered = Boolean(query.hotelId || query.status || query.from || query.to);
  const hotels = useProviderHotels();
  const leads = useProviderLeads({ ...query, limit: leadsPerPage });
  const setStatus = useSetLeadStatus();
  const [exporting, setExporting] = useState(false);

  // A new filter replaces the history entry (and starts again at the first page); paging adds one.
  const update = (changes: UrlFilterChanges<(typeof filterKeys)[number]>) => updateUrl(changes, { replace: !('page' in changes) });
  const clearFilters = () => update(Object.fromEntries(filterKeys.map((key) => [key, null])));

  const changeStatus = (lead: ProviderLead, status: LeadStatus) => {
    setStatus.mutate(
      { id: lead.id, status },
      {
        onError: (error) =>
          toast({
            title: 'Status not saved',
            description: serverMessageOr(error, `The lead is still marked ${leadStatusLabels[lead.status]}. Please try again.`),
            variant: 'destructive',
          }),
      },
    );
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLeadsCsv(query);
    } catch (error) {
      toast({ title: 'Export failed', description: serverMessageOr(error, 'The leads could not be exported. Please try again.'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const page = leads.data;
  const total = page?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / leadsPerPage));
  const first = total === 0 ? 0 : (query.page - 1) * leadsPerPage + 1;
  const last = Math.min(total, query.page * leadsPerPage);

  return (
    <section aria-labelledby="lead-inbox-heading">
      <h2 id="lead-inbox-heading" className="sr-only">
        Lead inbox
      </h2>
      <form
        className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1fr_auto] lg:items-end"
        aria-label="Filter leads"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField label="Hotel" value={query.hotelId ? String(query.hotelId) : ''} onChange={(event) => update({ hotel: event.target.value || null })}>
          <option value="">All hotels</option>
          {(hotels.data ?? []).map((hotel) => (
            <option key={hotel.id} value={hotel.id}>
              {hotel.name}
            </option>
          ))}
        </SelectField>
        <FilterSelect label="Status" allLabel="All statuses" values={leadStatuses} labels={leadStatusLabels} value={query.status ?? null} onChange={(status) => update({ status })} />
        <TextField label="From" type="date" value={query.from ?? ''} max={query.to ?? undefined} onChange={(event) => update({ from: event.target.value || null })} />
        <TextField label="To" type="date" value={query.to ?? ''} min={query.from ?? undefined} onChange={(event) => update({ to: event.target.value || null })} />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          {filtered ? (
            <Button variant="ghost" onClick={clearFilters} className="flex-1 lg:flex-none">
              <X aria-hidden className="h-4 w-4" /> Clear filters
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || total === 0} className="flex-1 lg:flex-none" data-testid="export-leads">
            <Download aria-hidden className="h-4 w-4" /> {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </form>

      {query.hotelId ? <LeadRoutingCard hotelId={query.hotelId} hotelName={(hotels.data ?? []).find((h) => h.id === query.hotelId)?.name ?? 'this property'} /> : null}
      <p className="mt-4 text-sm text-slate-700" aria-live="polite" data-testid="lead-count">
        {leads.isPending ? 'Loading leads…' : leads.isError ? '' : total === 0 ? '' : `Showing ${first}–${last} of ${total} ${total === 1 ? 'lead' : 'leads'}`}
      </p>

      <div className="mt-3">
        {leads.isPending ? (
          <Skeleton className="h-64" aria-label="Loading leads" />
        ) : leads.isError ? (
          <Empty
            title="Leads could not be loaded"
            text={serverMessageOr(leads.error, 'The leads service did not answer. Please try again.')}
            action={<Button variant="outline" onClick={() => void leads.refetch()}>Try Again</Button>}
          />
        ) : total === 0 && !filtered ? (
          <Empty title="No leads yet" text="When travellers book through your listings, their details appear here." />
        ) : page && page.items.length === 0 ? (
          <Empty
            title="No leads match these filters"
            text="Try another hotel, status or dates."
            action={<Button variant="outline" onClick={clearFilters}>Clear filters</Button>}
          />
        ) : page ? (
          <>
            <LeadCards leads={page.items} onStatusChange={changeStatus} className="md:hidden" />
            <LeadTable leads={page.items} onStatusChange={changeStatus} className="hidden md:block" />
          </>
        ) : null}
      </div>

      {total > leadsPerPage ? (
        <Pager label="Lead pages" page={query.page} pageCount={pageCount} onPage={(next) => update({ page: next > 1 ? String(next) : null })} />
      ) : null}
    </section>
  );
}

function Empty({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Inbox aria-hidden className="h-10 w-10 text-slate-400" />
      <h3 className="mt-3 text-xl font-bold text-slate-900">{title}</h3>
      <p className="mt-1 max-w-md text-slate-600">{text}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
