import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ProviderLead } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { uniqueClientAddress, type TestUser } from '@reproute/platform/testing/service-under-test';
import { referralUnderTest } from './support.ts';

// Fresh providers of this file's own database, so no other test's leads land in their inbox.
const [firstHotel, secondHotel, strangerHotel] = [11, 12, 13];
const quiet = { contactEmail: null, providerEmail: null };
const client = uniqueClientAddress();

let sut: Awaited<ReturnType<typeof referralUnderTest>>;
let owner: TestUser;
let stranger: TestUser;
let traveller: TestUser;
let formulaTraveller: TestUser;
let otherTraveller: TestUser;
const leadIds: Record<'plain' | 'second' | 'old' | 'formula' | 'strangers', string> = { plain: '', second: '', old: '', formula: '', strangers: '' };

const inbox = (query: string, token = owner.token) => sut.api<{ items: ProviderLead[]; total: number; page: number; limit: number; message?: string }>('GET', `/api/provider/leads${query}`, { token });
const setStatus = (id: string, body: unknown, token = owner.token) => sut.api('PATCH', `/api/provider/leads/${id}`, { body, token });

beforeAll(async () => {
  sut = await referralUnderTest();
  [owner, stranger, traveller, formulaTraveller, otherTraveller] = await Promise.all([
    sut.asProvider(),
    sut.asProvider(),
    sut.asTraveller({ firstName: 'Ines', lastName: 'Inbox' }),
    sut.asTraveller({ firstName: 'Fiona', lastName: 'Formula' }),
    sut.asTraveller({ firstName: 'Otis', lastName: 'Other' }),
  ]);
  await sut.bus.publishEvent('hotel.created', testHotel(firstHotel, { providerId: owner.id, ...quiet }), { key: firstHotel });
  await sut.bus.publishEvent('hotel.created', testHotel(secondHotel, { providerId: owner.id, ...quiet }), { key: secondHotel });
  await sut.bus.publishEvent('hotel.created', testHotel(strangerHotel, { providerId: stranger.id, ...quiet }), { key: strangerHotel });
  await sut.settled();

  // Each lead from a signed-in, verified traveller who chose to share their details (the only leads there are).
  const send = async (body: Record<string, unknown>, token = otherTraveller.token) => {
    const res = await sut.api('POST', '/api/leads', { body: { shareContact: true, ...body }, token, remoteAddress: client });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  leadIds.old = await send({ hotelId: firstHotel, checkInDate: '2027-01-10', checkOutDate: '2027-01-12', guests: 1 });
  leadIds.plain = await send({ hotelId: firstHotel, checkInDate: '2027-02-01', checkOutDate: '2027-02-04', guests: 2, message: 'Is the gym open at 5am?' }, traveller.token);
  leadIds.second = await send({ hotelId: secondHotel, checkInDate: '2027-03-01', checkOutDate: '2027-03-02', guests: 3 });
  leadIds.formula = await send(
    { hotelId: secondHotel, checkInDate: '2027-04-01', checkOutDate: '2027-04-05', guests: 2, message: '=HYPERLINK("http://evil.example","click"), then "more"\nsecond line' },
    formulaTraveller.token,
  );
  leadIds.strangers = await send({ hotelId: strangerHotel, guests: 1 });
  // A lead made in January, so the date filter has something to leave out.
  await sut.pool.query(`UPDATE leads SET created_at = '2026-01-15T12:00:00Z' WHERE id = $1`, [leadIds.old]);
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/provider/leads (inbox)', () => {
  it('pages the provider\'s own leads, newest first, with the total, stay dates, guests, referral id and status "new"', async () => {
    const all = await inbox('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, page: 1, limit: 25 });
    expect(all.body.items.map((l) => l.id)).toEqual([leadIds.formula, leadIds.second, leadIds.plain, leadIds.old]);
    expect(all.body.items.find((l) => l.id === leadIds.plain)).toMatchObject({
      hotel: { id: firstHotel, name: `Test Hotel ${firstHotel}` },
      name: 'Ines Inbox',
      checkInDate: '2027-02-01',
      checkOutDate: '2027-02-04',
      guests: 2,
      status: 'new',
      referralId: expect.stringMatching(new RegExp(`^RR_${firstHotel}_\\d+$`)),
    });

    const first = await inbox('?limit=3&page=1');
    const second = await inbox('?limit=3&page=2');
    expect(first.body).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(first.body.items.map((l) => l.id)).toEqual([leadIds.formula, leadIds.second, leadIds.plain]);
    expect(second.body.items.map((l) => l.id)).toEqual([leadIds.old]);
    expect((await inbox('?limit=3&page=9')).body).toMatchObject({ items: [], total: 4 });

    const strangers = await inbox('', stranger.token);
    expect(strangers.body.items.map((l) => l.id)).toEqual([leadIds.strangers]);
  });

  it('filters by hotel, status and the day the lead was made (both ends inclusive)', async () => {
    expect((await inbox(`?hotelId=${secondHotel}`)).body.items.map((l) => l.id)).toEqual([leadIds.formula, leadIds.second]);
    // Another provider's hotel filters to nothing rather than showing their leads.
    expect((await inbox(`?hotelId=${strangerHotel}`)).body).toMatchObject({ items: [], total: 0 });
    expect((await inbox('?from=2026-01-15&to=2026-01-15')).body.items.map((l) => l.id)).toEqual([leadIds.old]);
    expect((await inbox('?from=2026-01-16')).body.total).toBe(3);
    expect((await inbox('?to=2026-01-14')).body.total).toBe(0);
    expect((await inbox(`?hotelId=${firstHotel}&from=2026-01-01&to=2026-02-01`)).body.items.map((l) => l.id)).toEqual([leadIds.old]);
    // Empty parameters (a cleared form field) mean "no filter".
    expect((await inbox('?hotelId=&status=&from=&to=')).body.total).toBe(4);
  });

  it('answers 400 with a clear message for a bad filter or page', async () => {
    const cases: [string, string][] = [
      ['?status=won', messages.leadStatusInvalid],
      ['?from=2026-13-01', messages.invalidDate],
      ['?from=2026-02-01&to=2026-01-01', messages.leadDateRangeInvalid],
      ['?page=0', messages.leadPageInvalid],
      ['?limit=500', messages.leadLimitInvalid],
      ['?hotelId=abc', messages.hotelNotFound],
    ];
    for (const [query, message] of cases) {
      const res = await inbox(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});

describe('PATCH /api/provider/leads/{id}', () => {
  it('lets the owning provider set the status, and the status filter finds it', async () => {
    const res = await setStatus(leadIds.plain, { status: 'contacted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: leadIds.plain, status: 'contacted' });
    expect((await setStatus(leadIds.second, { status: 'booked' })).status).toBe(200);
    expect((await inbox('?status=contacted')).body.items.map((l) => l.id)).toEqual([leadIds.plain]);
    expect((await inbox('?status=booked')).body.items.map((l) => l.id)).toEqual([leadIds.second]);
    expect((await inbox('?status=new')).body.total).toBe(2);
    const { rows } = await sut.pool.query('SELECT status, status_changed_at FROM leads WHERE id = $1', [leadIds.plain]);
    expect(rows[0].status).toBe('contacted');
    expect(rows[0].status_changed_at).toBeInstanceOf(Date);
  });

  it('answers 404 for another provider\'s lead and for unknown ids, changing nothing', async () => {
    const res = await setStatus(leadIds.strangers, { status: 'lost' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.leadNotFound);
    expect((await setStatus(leadIds.plain, { status: 'lost' }, stranger.token)).status).toBe(404);
    expect((await setStatus('00000000-0000-4000-8000-00000000dead', { status: 'lost' })).status).toBe(404);
    expect((await setStatus('not-a-lead', { status: 'lost' })).status).toBe(404);
    const { rows } = await sut.pool.query('SELECT id, status FROM leads WHERE id = ANY($1::uuid[]) ORDER BY id', [[leadIds.strangers, leadIds.plain]]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [leadIds.strangers]: 'new', [leadIds.plain]: 'contacted' });
  });

  it('answers 400 for a status outside new, contacted, booked, lost, and is for providers only', async () => {
    for (const body of [{ status: 'won' }, {}, { status: null }, 'booked']) {
      const res = await setStatus(leadIds.plain, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(messages.leadStatusInvalid);
    }
    expect((await sut.api('PATCH', `/api/provider/leads/${leadIds.plain}`, { body: { status: 'lost' } })).status).toBe(401);
    expect((await setStatus(leadIds.plain, { status: 'lost' }, traveller.token)).status).toBe(403);
    const { rows } = await sut.pool.query('SELECT status FROM leads WHERE id = $1', [leadIds.plain]);
    expect(rows[0].status).toBe('contacted');
  });
});

/** A minimal RFC 4180 reader, to check the export parses back to what was stored. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe('GET /api/provider/leads.csv', () => {
  it('exports the filtered leads as an attachment with proper quoting and inert formulas', async () => {
    const res = await sut.inject({ method: 'GET', url: `/api/provider/leads.csv?hotelId=${secondHotel}`, as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="reproute-leads-hotel-${secondHotel}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    // The byte order mark leads; a browser's decoder drops it, as fetch's text() does.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const text = res.body.slice(1);
    expect(text.startsWith('Referral ID,Date,Hotel,Customer,Email,Check-in,Check-out,Guests,Status,Message\r\n')).toBe(true);
    // The formula becomes text (a leading quote), and the cell with commas, quotes and a line break is quoted with doubled quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then ""more""\nsecond line"`);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    const [formulaRow, secondRow] = [rows[1]!, rows[2]!];
    expect(formulaRow.slice(2, 9)).toEqual([`Test Hotel ${secondHotel}`, 'Fiona Formula', formulaTraveller.email.toLowerCase(), '2027-04-01', '2027-04-05', '2', 'new']);
    expect(formulaRow[9]).toBe(`'=HYPERLINK("http://evil.example","click"), then "more"\nsecond line`);
    expect(secondRow.slice(2, 9)).toEqual([`Test Hotel ${secondHotel}`, 'Otis Other', otherTraveller.email.toLowerCase(), '2027-03-01', '2027-03-02', '3', 'booked']);
    expect(secondRow[0]).toMatch(new RegExp(`^RR_${secondHotel}_\\d+$`));
  });

  it('takes the same filters (and refuses the same bad ones), and only the provider\'s own leads', async () => {
    const csv = async (query: string, token = owner.token) => {
      const res = await sut.api('GET', `/api/provider/leads.csv${query}`, { token });
      return { status: res.status, body: res.body, lines: typeof res.body === 'string' ? res.body.trim().split('\r\n') : [] };
    };
    expect((await csv('')).lines).toHaveLength(5);
    expect((await csv('?status=booked')).lines).toHaveLength(2);
    expect((await csv('?from=2026-01-15&to=2026-01-15')).lines).toHaveLength(2);
    const strangers = await csv('', stranger.token);
    expect(strangers.lines).toHaveLength(2);
    expect(strangers.lines[1]).toContain(`RR_${strangerHotel}_`);
    const bad = await csv('?status=maybe');
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toBe(messages.leadStatusInvalid);
    expect((await sut.api('GET', '/api/provider/leads.csv')).status).toBe(401);
    expect((await sut.api('GET', '/api/provider/leads.csv', { token: traveller.token })).status).toBe(403);
  });
});
