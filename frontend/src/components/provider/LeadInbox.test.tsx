import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { Hotel, ProviderLead, ProviderLeadsPage } from '@reproute/contracts';
import { LeadInbox } from './LeadInbox';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const lead = (overrides: Partial<ProviderLead>): ProviderLead => ({
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-20T10:00:00.000Z',
  hotel: { id: 3, name: 'Iron Palace' },
  name: 'Tess Walker',
  email: 'tess@example.com',
  checkInDate: '2026-12-01',
  checkOutDate: '2026-12-04',
  guests: 2,
  message: null,
  referralId: 'RR_3_1764000000000',
  status: 'new',
  note: null,
  assignee: null,
  ...overrides,
});
const hotels = [
  { id: 3, name: 'Iron Palace' },
  { id: 4, name: 'Squat Rack Inn' },
] as Hotel[];

/** Shows the router's query string, so a test can see what the inbox keeps in the URL. */
function Probe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A fetch stand-in for the three inbox calls; `patch` decides how the status change answers. */
function stubApi(page: ProviderLeadsPage, patch: (body: { status: string }) => Response | Promise<Response>, { refetch = 'answer' }: { refetch?: 'answer' | 'hang' } = {}) {
  const calls: Call[] = [];
  let leadReads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body, headers: (init?.headers ?? {}) as Record<string, string> });
      if (url.startsWith('/api/provider/hotels')) return Promise.resolve(new Response(JSON.stringify(hotels), { status: 200 }));
      if (url.startsWith('/api/provider/leads.csv')) {
        return Promise.resolve(
          new Response('\uFEFFReferral ID\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="reproute-leads-hotel-3-2026-11-23.csv"' } }),
        );
      }
      if (method === 'PATCH') return Promise.resolve(patch(body));
      leadReads += 1;
      // A refetch that never answers, so only the rollback can put the old status back.
      if (refetch === 'hang' && leadReads > 1) return new Promise<Response>(() => {});
      return Promise.resolve(new Response(JSON.stringify(page), { status: 200 }));
    }),
  );
  return calls;
}

const onePage = (items: ProviderLead[], total = items.length): ProviderLeadsPage => ({ items, total, page: 1, limit: 25 });

describe('LeadInbox', () => {
  it('reads its filters from the URL, asks the API for them, and keeps a new filter in the URL (back to page 1)', async () => {
    const calls = stubApi(onePage([lead({ status: 'contacted' })], 60), () => new Response('{}', { status: 200 }));
    renderWithApp(
      <>
        <LeadInbox />
        <Probe />
      </>,
      { route: '/provider/dashboard?tab=leads&hotel=3&status=contacted&from=2026-11-01&page=2' },
    );
    expect(await screen.findByText('Showing 26–50 of 60 leads')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/provider/leads?hotelId=3&status=contacted&from=2026-11-01&page=2&limit=25')).toBe(true);
    expect((screen.getByLabelText('Hotel') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('contacted');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'booked' } });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?tab=leads&hotel=3&status=booked&from=2026-11-01'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/provider/leads?hotelId=3&status=booked&from=2026-11-01&limit=25')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('page=2'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?tab=leads'));
  });

  it('shows the stay dates, guests and referral id, and changes a status before the server answers, keeping it when the server agrees', async () => {
    let answer!: (response: Response) => void;
    const calls = stubApi(onePage([lead({})]), () => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(<LeadInbox />);
    const table = await screen.findByTestId('lead-table');
    const row = within(table).getByTestId('lead-row');
    for (const text of ['Dec 1, 2026', 'Dec 4, 2026', '2', 'RR_3_1764000000000']) expect(within(row).getByText(text)).toBeTruthy();
    const select = within(row).getByRole('combobox', { name: 'Status of the lead from Tess Walker (RR_3_1764000000000)' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'booked' } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: `/api/provider/leads/${lead({}).id}`, body: { status: 'booked' } }));
    // Still waiting for the server, the list already shows the new status.
    await waitFor(() => expect(select.value).toBe('booked'));
    answer(new Response(JSON.stringify(lead({ status: 'booked' })), { status: 200 }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/provider/leads?')).length).toBeGreaterThan(1));
    expect(screen.queryByText('Status not saved')).toBeNull();
  });

  it('puts the old status back and says so when the server refuses the change', async () => {
    let answer!: (response: Response) => void;
    stubApi(onePage([lead({ status: 'contacted' })]), () => new Promise<Response>((resolve) => (answer = resolve)), { refetch: 'hang' });
    renderWithApp(<LeadInbox />);
    const table = await screen.findByTestId('lead-table');
    const select = within(table).getByRole('combobox', { name: /Status of the lead from Tess Walker/ }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'lost' } });
    await waitFor(() => expect(select.value).toBe('lost'));
    answer(new Response(JSON.stringify({ statusCode: 404, message: 'Lead not found' }), { status: 404 }));
    expect(await screen.findByText('Status not saved')).toBeTruthy();
    expect(screen.getByText('Lead not found')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('contacted'));
  });

  it('exports the current filters as CSV with the session token and saves it under the server\'s file name', async () => {
    localStorage.setItem('token', 'session-token');
    const calls = stubApi(onePage([lead({})]), () => new Response('{}'));
    const createObjectURL = vi.fn(() => 'blob:leads');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithApp(<LeadInbox />, { route: '/provider/dashboard?hotel=3&status=new&page=2' });
    await screen.findByTestId('lead-table');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = calls.find((c) => c.url.startsWith('/api/provider/leads.csv'))!;
    expect(csvCall.url).toBe('/api/provider/leads.csv?hotelId=3&status=new');
    expect(csvCall.headers.Authorization).toBe('Bearer session-token');
    expect(clicked).toEqual(['reproute-leads-hotel-3-2026-11-23.csv']);
  });

  it('tells "no leads yet" apart from "no leads match these filters"', async () => {
    stubApi(onePage([]), () => new Response('{}'));
    renderWithApp(<LeadInbox />);
    expect(await screen.findByText('No leads yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the filters match nothing', async () => {
    stubApi(onePage([]), () => new Response('{}'));
    renderWithApp(<LeadInbox />, { route: '/?status=lost' });
    expect(await screen.findByText('No leads match these filters')).toBeTruthy();
  });
});
