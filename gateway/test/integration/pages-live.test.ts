import { afterAll, describe, expect, it } from 'vitest';
import { api, eventually, gatewayUrl, login, seedAccounts } from '@reproute/platform/testing';

// Against the running system: a hotel's page and its place in the sitemap follow the catalog's hotel
// events at once, although the gateway keeps hotel heads 30 s and the sitemap's list 10 minutes.
// Each check allows 15 s: the outbox, Kafka and the gateway's consumer take well under that.
let adminToken: string | undefined;
const created: number[] = [];

async function admin(): Promise<string> {
  adminToken ??= (await login(seedAccounts.admin.email, seedAccounts.admin.password)).token;
  return adminToken;
}

afterAll(async () => {
  for (const id of created) await api('DELETE', `/api/hotels/${id}`, { token: await admin() });
});

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const html = async (path: string) => {
  const res = await fetch(`${gatewayUrl}${path}`);
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
};

describe('pages and sitemap follow the catalog (live)', () => {
  it('a new public hotel gets its page head and a sitemap entry; a rename shows at once; once unapproved its page answers 404 and it leaves the sitemap', { timeout: 120_000 }, async () => {
    // The sitemap's list is read (and kept for 10 minutes) before the hotel exists.
    expect((await html('/sitemap.xml')).status).toBe(200);
    const name = `Lift <script>alert("x")</script> "Quoted" Hotel ${Date.now().toString(36)}`;
    const res = await api('POST', '/api/hotels', {
      token: await admin(),
      body: { name, address: '10 Test Street', city: 'Paris', country: 'France', bookingUrl: 'https://test-lift.example/book', gymAccessType: 'on-site', description: 'A test listing with a small gym.', rawEquipment: ['Power rack'], pricePerNight: 150, currency: 'EUR' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const hotel = res.body as { id: number; slug: string; name: string };
    created.push(hotel.id);

    const page = await html(`/hotels/${hotel.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    const escaped = escapeText(hotel.name);
    expect(page.body).toContain(`<title>${escaped} | RepRoute</title>`);
    expect(page.body).toContain(`<meta property="og:title" content="${escaped} | RepRoute" data-server-head />`);
    expect(page.body).toMatch(/<meta name="description" content="[^"]*Paris, France: a hotel with a gym, from €150 per night\./);
    expect((await html(`/hotel/${hotel.id}`)).status).toBe(200);

    const loc = `/hotels/${hotel.slug}</loc>`;
    await eventually(async () => (await html('/sitemap.xml')).body.includes(loc) || undefined, 15_000, 'hotel listed in the sitemap');
    const sitemap = await html('/sitemap.xml');
    expect(sitemap.type).toBe('application/xml; charset=utf-8');

    // A rename reaches the page head within the 30 s the head is kept: the hotel.updated event ends it.
    const renamed = `${hotel.name} Renamed`;
    const edit = await api('PUT', `/api/hotels/${hotel.id}`, { token: await admin(), body: { name: renamed } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await eventually(async () => (await html(`/hotel/${hotel.id}`)).body.includes(`${escapeText(renamed)} | RepRoute</title>`) || undefined, 15_000, 'renamed page head');

    const unapproved = await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: await admin(), body: { isApproved: false, reason: 'Test: no longer public' } });
    expect(unapproved.status, JSON.stringify(unapproved.body)).toBe(200);
    await eventually(async () => (await html(`/hotels/${hotel.slug}`)).status === 404 || undefined, 15_000, 'hotel page answers 404');
    expect((await html(`/hotels/${hotel.slug}`)).body).toContain('<title>Hotel Not Found | RepRoute</title>');
    await eventually(async () => !(await html('/sitemap.xml')).body.includes(loc) || undefined, 15_000, 'hotel gone from the sitemap');
  });

  it('robots.txt names the sitemap; known pages answer 200, unknown ones 404, the API is untouched', async () => {
    const robots = await html('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    expect(robots.body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    for (const path of ['/', '/search', '/business-travel', '/login']) expect((await html(path)).status, path).toBe(200);
    for (const path of ['/no/such/page', '/hotels/no-such-hotel-anywhere']) expect((await html(path)).status, path).toBe(404);
    const apiMissing = await api('GET', '/api/hotels/no-such-hotel-anywhere');
    expect(apiMissing.status).toBe(404);
    expect(apiMissing.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
