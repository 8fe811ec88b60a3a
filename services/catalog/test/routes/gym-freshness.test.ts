import { beforeAll, describe, expect, it } from 'vitest';
import { catalogExport, gymFreshnessMessages, gymFreshnessAnswer, messages, type Hotel } from '@reproute/contracts';
import { envelope } from '@reproute/platform/testing/events';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, catalog, listingBody } from './support.ts';
import { runGymFactsJob } from '../../src/gym-facts-job.ts';

/**
 * Gym facts that say how old they are: who confirmed a listing's facts and when, travellers' confirmations (once a
 * month), reports of a change and their answers (edited, disputed with a note, dismissed by an admin), the reminder
 * to a provider whose facts are older than GYM_FACTS_STALE_DAYS, the gym score's confidence, bad input, and the
 * account's part (export, erasure). Nothing here may change a listing's reviewed fields.
 */
let traveller: TestUser;
let admin: TestUser;
let provider: TestUser;
let otherProvider: TestUser;
let live: Hotel;

const freshness = async (id: number, as?: TestUser) => {
  const res = await api('GET', `/api/hotels/${id}/gym-facts`, { token: as?.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return gymFreshnessAnswer.parse(res.body);
};
const confirm = (id: number, as: TestUser) => api('POST', `/api/hotels/${id}/gym-facts/confirmations`, { token: as.token });
const report = (id: number, as: TestUser, body: unknown) => api('POST', `/api/hotels/${id}/gym-reports`, { token: as.token, body });
const resolve = (reportId: string, as: TestUser, body: unknown) => api('PUT', `/api/gym-reports/${reportId}/resolution`, { token: as.token, body });
const hotelOf = async (id: number) => (await api<Hotel>('GET', `/api/hotels/${id}`)).body;
/** The listing as its reviewed fields stand, without the figures the freshness may move. */
const reviewedFields = (h: Hotel) => ({ name: h.name, address: h.address, gym: h.gym, rawEquipment: h.rawEquipment, bookingUrl: h.bookingUrl, updatedAt: h.updatedAt, images: h.images });
const thisMonth = () => new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  const sut = await catalog();
  traveller = await sut.asTraveller();
  admin = await sut.asAdmin();
  provider = await sut.asProvider({ email: 'gym.owner@example.com' });
  otherProvider = await sut.asProvider();
  const made = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  live = (await api<Hotel>('PUT', `/api/hotels/${made.body.id}/approval`, { token: admin.token, body: { isApproved: true } })).body;
  expect(live.status).toBe('approved');
});

describe('GET /api/hotels/{id}/gym-facts', () => {
  it('says who confirmed the facts and when, and what the caller may do', async () => {
    const byHotel = await freshness(live.id);
    expect(byHotel).toMatchObject({ hotelId: live.id, confirmedBy: 'hotel', stale: false, staleDays: 90, reports: [], travellerConfirmations: { total: 0, latestMonth: null, latestMonthCount: 0 } });
    expect(Date.now() - Date.parse(byHotel.confirmedAt!)).toBeLessThan(10 * 60_000);
    expect(byHotel.viewer).toEqual({ confirmAs: null, confirmedThisMonth: false, canResolve: false });
    expect((await freshness(live.id, traveller)).viewer).toEqual({ confirmAs: 'traveller', confirmedThisMonth: false, canResolve: false });
    expect((await freshness(live.id, provider)).viewer).toEqual({ confirmAs: 'hotel', confirmedThisMonth: false, canResolve: true });
    expect((await freshness(live.id, admin)).viewer).toEqual({ confirmAs: 'admin', confirmedThisMonth: false, canResolve: true });
    // An admin's own hotel (no provider) is confirmed by an admin.
    const adminHotel = (await api<Hotel>('POST', '/api/hotels', { token: admin.token, body: listingBody() })).body;
    expect((await freshness(adminHotel.id)).confirmedBy).toBe('admin');
    expect((await api('GET', '/api/hotels/999999/gym-facts')).status).toBe(404);
    expect((await api('GET', '/api/hotels/abc/gym-facts')).body.message).toBe(messages.hotelNotFound);
    // The score counts in full for facts confirmed today, and says so.
    expect((await hotelOf(live.id)).gymScoreConfidence).toMatchObject({ level: 'high', factor: 1, age: 'fresh', openReports: 0, reasons: [] });
  });

  it('hides a listing not yet live from visitors', async () => {
    const pending = (await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() })).body;
    expect((await api('GET', `/api/hotels/${pending.id}/gym-facts`)).status).toBe(404);
    expect((await api('GET', `/api/hotels/${pending.id}/gym-facts`, { token: provider.token })).status).toBe(200);
    expect((await confirm(pending.id, traveller)).status).toBe(404);
    expect((await report(pending.id, traveller, { kind: 'hours', detail: 'Closed at 20:00' })).status).toBe(404);
  });
});

describe('POST /api/hotels/{id}/gym-facts/confirmations', () => {
  it('counts a traveller once a month, without touching the listing', async () => {
    const sut = await catalog();
    const before = reviewedFields(await hotelOf(live.id));
    const first = await confirm(live.id, traveller);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ travellerConfirmations: { total: 1, latestMonth: thisMonth(), latestMonthCount: 1 }, viewer: { confirmedThisMonth: true }, confirmedBy: 'hotel' });
    const again = await confirm(live.id, traveller);
    expect([again.status, again.body.message]).toEqual([409, gymFreshnessMessages.alreadyConfirmed]);
    const second = await (await catalog()).asTraveller();
    expect((await confirm(live.id, second)).body.travellerConfirmations).toEqual({ total: 2, latestMonth: thisMonth(), latestMonthCount: 2 });
    expect(reviewedFields(await hotelOf(live.id))).toEqual(before);
    const confirmed = (await sut.events('hotel.gym-facts-confirmed')).filter((e) => e.data.hotelId === live.id);
    expect(confirmed.map((e) => e.data.by)).toEqual(['traveller', 'traveller']);
    // No account travels in the event.
    expect(JSON.stringify(confirmed)).not.toContain(traveller.id);
  });

  it('asks for a sign-in and a verified email', async () => {
    expect((await api('POST', `/api/hotels/${live.id}/gym-facts/confirmations`)).status).toBe(401);
    const unverified = await (await catalog()).asTraveller({ emailVerified: false });
    const res = await confirm(live.id, unverified);
    expect([res.status, res.body.message]).toEqual([403, gymFreshnessMessages.needsVerifiedEmail]);
    expect((await confirm(999999, traveller)).status).toBe(404);
  });
});

describe('stale facts: the reminder and the score\'s decay', () => {
  it('reminds the provider once facts are older than GYM_FACTS_STALE_DAYS, once, and the provider\'s confirmation starts again', async () => {
    const sut = await catalog();
    const made = (await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() })).body;
    const hotel = (await api<Hotel>('PUT', `/api/hotels/${made.id}/approval`, { token: admin.token, body: { isApproved: true } })).body;
    const factsScore = hotel.gymScore;
    expect(factsScore).toBeGreaterThan(0);
    await sut.pool.query(`UPDATE hotels SET gym_facts_confirmed_at = now() - interval '120 days' WHERE id = $1`, [hotel.id]);
    expect((await freshness(hotel.id)).stale).toBe(true);

    const run = await runGymFactsJob({ pool: sut.pool, config: sut.ctx.config });
    expect(run.reminded).toBeGreaterThanOrEqual(1);
    const reminders = () => sut.events('hotel.gym-facts-stale').then((all) => all.filter((e) => e.data.hotelId === hotel.id));
    expect((await reminders()).map((e) => e.data)).toEqual([
      expect.objectContaining({ hotelId: hotel.id, name: hotel.name, slug: hotel.slug, providerId: provider.id, providerEmail: provider.email, staleDays: 90, openReports: 0 }),
    ]);
    // 120 days: "ageing", the score counts its facts at 90 %.
    const aged = await hotelOf(hotel.id);
    expect(aged.gymScoreConfidence).toMatchObject({ age: 'ageing', factor: 0.9, level: 'high', factsScore });
    expect(aged.gymScore).toBe(Math.round(factsScore * 0.9 * 10) / 10);
    // A second run within the stale period reminds nobody again.
    await runGymFactsJob({ pool: sut.pool, config: sut.ctx.config });
    expect(await reminders()).toHaveLength(1);

    // Older than a year: low confidence.
    await sut.pool.query(`UPDATE hotels SET gym_facts_confirmed_at = now() - interval '400 days' WHERE id = $1`, [hotel.id]);
    await runGymFactsJob({ pool: sut.pool, config: sut.ctx.config });
    expect((await hotelOf(hotel.id)).gymScoreConfidence).toMatchObject({ age: 'stale', factor: 0.6, level: 'low', reasons: ['Facts not confirmed for over a year'] });

    // The provider confirms in one step: fresh again, the score in full, the reminder clock reset.
    const confirmed = await confirm(hotel.id, provider);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ confirmedBy: 'hotel', stale: false });
    expect((await hotelOf(hotel.id)).gymScore).toBe(factsScore);
    const { rows } = await sut.pool.query('SELECT gym_facts_reminded_at FROM hotels WHERE id = $1', [hotel.id]);
    expect(rows[0].gym_facts_reminded_at).toBeNull();
    expect((await sut.events('hotel.gym-facts-confirmed')).filter((e) => e.data.hotelId === hotel.id).map((e) => e.data.by)).toEqual(['hotel']);
    // Another provider confirms only as a traveller would (it is not theirs).
    expect((await freshness(hotel.id, otherProvider)).viewer.confirmAs).toBe('traveller');
  });

  it('counts an admin\'s gym edit as a confirmation by an admin', async () => {
    const sut = await catalog();
    const hotel = (await api<Hotel>('POST', '/api/hotels', { token: admin.token, body: listingBody() })).body;
    await sut.pool.query(`UPDATE hotels SET gym_facts_confirmed_at = now() - interval '200 days' WHERE id = $1`, [hotel.id]);
    // A change of something other than the gym is not a confirmation of it.
    await api('PUT', `/api/hotels/${hotel.id}`, { token: admin.token, body: { bookingUrl: 'https://elsewhere.example/book' } });
    expect((await freshness(hotel.id)).stale).toBe(true);
    const edited = await api('PUT', `/api/hotels/${hotel.id}`, { token: admin.token, body: { rawEquipment: [...hotel.rawEquipment, 'rowing machine'] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await freshness(hotel.id)).toMatchObject({ stale: false, confirmedBy: 'admin' });
  });
});

describe('reports of a change', () => {
  let reportId: string;

  it('refuses bad reports with clear messages and stores nothing', async () => {
    const sut = await catalog();
    const cases: [unknown, string, string][] = [
      [{ detail: 'Cable station out of order' }, 'kind', gymFreshnessMessages.reportKindInvalid],
      [{ kind: 'sauna', detail: 'Cable station out of order' }, 'kind', gymFreshnessMessages.reportKindInvalid],
      [{ kind: 'equipment' }, 'detail', gymFreshnessMessages.reportDetailRequired],
      [{ kind: 'equipment', detail: '   ' }, 'detail', gymFreshnessMessages.reportDetailRequired],
      [{ kind: 'equipment', detail: 'x' }, 'detail', gymFreshnessMessages.reportDetailRequired],
      [{ kind: 'equipment', detail: 'x'.repeat(501) }, 'detail', gymFreshnessMessages.reportDetailMax],
    ];
    for (const [body, path, message] of cases) {
      const res = await report(live.id, traveller, body);
      expect([res.status, res.body.errors]).toEqual([400, expect.arrayContaining([{ path, message }])]);
    }
    const own = await report(live.id, provider, { kind: 'hours', detail: 'Hours wrong' });
    expect([own.status, own.body.message]).toEqual([400, gymFreshnessMessages.ownListingReport]);
    const unverified = await (await catalog()).asTraveller({ emailVerified: false });
    expect((await report(live.id, unverified, { kind: 'hours', detail: 'Hours wrong' })).status).toBe(403);
    expect((await api('POST', `/api/hotels/${live.id}/gym-reports`, { body: { kind: 'hours', detail: 'Hours wrong' } })).status).toBe(401);
    const { rows } = await sut.pool.query('SELECT count(*)::int AS n FROM gym_fact_reports WHERE hotel_id = $1', [live.id]);
    expect(rows[0].n).toBe(0);
  });

  it('stores a report open, emails it to the provider through the outbox, shows it, and leaves the listing as it was', async () => {
    const sut = await catalog();
    const before = await hotelOf(live.id);
    const res = await report(live.id, traveller, { kind: 'equipment', detail: '  Cable station out of order ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ hotelId: live.id, kind: 'equipment', detail: 'Cable station out of order', status: 'open', resolutionNote: null, resolvedBy: null });
    reportId = res.body.id;
    const opened = (await sut.events('hotel.gym-report-opened')).filter((e) => e.data.reportId === reportId);
    expect(opened.map((e) => e.data)).toEqual([
      expect.objectContaining({ hotelId: live.id, name: live.name, slug: live.slug, providerId: provider.id, providerEmail: provider.email, kind: 'equipment', detail: 'Cable station out of order' }),
    ]);
    expect(JSON.stringify(opened)).not.toContain(traveller.id);
    const after = await hotelOf(live.id);
    expect(reviewedFields(after)).toEqual(reviewedFields(before));
    // One open report: the score counts its facts at 85 %.
    expect(after.gymScoreConfidence).toMatchObject({ openReports: 1, factor: 0.85, level: 'medium', reasons: ['1 open report of a change'] });
    expect(after.gymScore).toBe(Math.round(after.gymScoreConfidence!.factsScore * 0.85 * 10) / 10);
    expect((await freshness(live.id)).reports.map((r) => [r.id, r.status, r.detail])).toEqual([[reportId, 'open', 'Cable station out of order']]);
    const twice = await report(live.id, traveller, { kind: 'equipment', detail: 'Still broken' });
    expect([twice.status, twice.body.message]).toEqual([409, gymFreshnessMessages.reportDuplicate]);
  });

  it('lists open and disputed reports in the admin queue, for admins only', async () => {
    const queue = await api('GET', '/api/admin/gym-reports', { token: admin.token });
    expect(queue.status).toBe(200);
    expect(queue.body.items).toEqual([expect.objectContaining({ id: reportId, hotelName: live.name, hotelSlug: live.slug, providerEmail: provider.email, status: 'open' })]);
    expect((await api('GET', '/api/admin/gym-reports?status=disputed', { token: admin.token })).body.items).toEqual([]);
    const bad = await api('GET', '/api/admin/gym-reports?status=closed', { token: admin.token });
    expect([bad.status, bad.body.errors?.[0]?.message]).toEqual([400, gymFreshnessMessages.reportStatusInvalid]);
    expect((await api('GET', '/api/admin/gym-reports', { token: traveller.token })).status).toBe(403);
    expect((await api('GET', '/api/admin/gym-reports', { token: provider.token })).status).toBe(403);
  });

  it('lets the owner dispute it with a note, once, and an admin close it', async () => {
    const sut = await catalog();
    expect((await resolve(reportId, otherProvider, { resolution: 'disputed', note: 'Not mine' })).status).toBe(403);
    expect((await resolve(reportId, traveller, { resolution: 'edited' })).status).toBe(403);
    const dismiss = await resolve(reportId, provider, { resolution: 'dismissed', note: 'Wrong' });
    expect([dismiss.status, dismiss.body.message]).toEqual([403, gymFreshnessMessages.resolutionAdminOnly]);
    const noNote = await resolve(reportId, provider, { resolution: 'disputed' });
    expect([noNote.status, noNote.body.errors]).toEqual([400, [{ path: 'note', message: gymFreshnessMessages.resolutionNoteRequired }]]);
    const badResolution = await resolve(reportId, provider, { resolution: 'ignored' });
    expect([badResolution.status, badResolution.body.errors?.[0]?.message]).toEqual([400, gymFreshnessMessages.resolutionInvalid]);
    expect((await resolve('not-a-uuid', provider, { resolution: 'edited' })).body.message).toBe(gymFreshnessMessages.reportNotFound);
    expect((await resolve('00000000-0000-4000-8000-0000000000ff', provider, { resolution: 'edited' })).status).toBe(404);

    const disputed = await resolve(reportId, provider, { resolution: 'disputed', note: 'The cable station was repaired on Monday' });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    expect(disputed.body).toMatchObject({ status: 'disputed', resolutionNote: 'The cable station was repaired on Monday', resolvedBy: 'hotel' });
    expect((await freshness(live.id)).reports.map((r) => [r.status, r.resolutionNote])).toEqual([['disputed', 'The cable station was repaired on Monday']]);
    expect((await hotelOf(live.id)).gymScoreConfidence).toMatchObject({ openReports: 0, disputedReports: 1 });
    const again = await resolve(reportId, provider, { resolution: 'edited' });
    expect([again.status, again.body.message]).toEqual([409, gymFreshnessMessages.reportClosed]);
    expect((await api('GET', '/api/admin/gym-reports?status=disputed', { token: admin.token })).body.items.map((r: { id: string }) => r.id)).toEqual([reportId]);

    const adminDispute = await resolve(reportId, admin, { resolution: 'disputed', note: 'Fine' });
    expect([adminDispute.status, adminDispute.body.message]).toEqual([400, gymFreshnessMessages.resolutionHotelOnly]);
    const closed = await resolve(reportId, admin, { resolution: 'dismissed', note: 'Checked with the hotel' });
    expect(closed.body).toMatchObject({ status: 'dismissed', resolvedBy: 'admin' });
    expect((await freshness(live.id)).reports).toEqual([]);
    expect((await api('GET', '/api/admin/gym-reports', { token: admin.token })).body.items).toEqual([]);
    expect((await hotelOf(live.id)).gymScoreConfidence).toMatchObject({ openReports: 0, disputedReports: 0, factor: 1 });
    const resolved = (await sut.events('hotel.gym-report-resolved')).filter((e) => e.data.reportId === reportId);
    expect(resolved.map((e) => [e.data.resolution, e.data.resolvedBy])).toEqual([
      ['disputed', 'hotel'],
      ['dismissed', 'admin'],
    ]);
  });

  it('closes a report the hotel answered by editing the listing', async () => {
    const other = await (await catalog()).asTraveller();
    const opened = await report(live.id, other, { kind: 'hours', detail: 'Closes at 21:00, not 23:00' });
    expect(opened.status).toBe(201);
    const edited = await resolve(opened.body.id, provider, { resolution: 'edited' });
    expect(edited.body).toMatchObject({ status: 'edited', resolvedBy: 'hotel', resolutionNote: null });
    expect((await freshness(live.id)).reports).toEqual([]);
  });
});

describe('the account\'s part', () => {
  it('exports what a traveller reported and confirmed, and erases its id when the account is deleted', async () => {
    const sut = await catalog();
    const leaving = await sut.asTraveller({ email: 'leaving.lifter@example.com' });
    expect((await confirm(live.id, leaving)).status).toBe(201);
    const made = await report(live.id, leaving, { kind: 'closed', detail: 'Gym closed for renovation' });
    expect(made.status).toBe(201);
    const part = catalogExport.parse((await api('GET', '/api/catalog/me/export', { token: leaving.token })).body);
    expect(part.gymReports).toEqual([expect.objectContaining({ id: made.body.id, hotelId: live.id, kind: 'closed', detail: 'Gym closed for renovation', status: 'open' })]);
    expect(part.gymConfirmations).toEqual([expect.objectContaining({ hotelId: live.id, as: 'traveller' })]);
    const ownerPart = catalogExport.parse((await api('GET', '/api/catalog/me/export', { token: provider.token })).body);
    expect(ownerPart.gymReportAnswers.map((a) => a.resolution)).toEqual(['edited']);
    const adminPart = catalogExport.parse((await api('GET', '/api/catalog/me/export', { token: admin.token })).body);
    expect(adminPart.gymReportAnswers.map((a) => [a.resolution, a.note])).toEqual([['dismissed', 'Checked with the hotel']]);

    await sut.bus.publishEnvelope(envelope('user.deletion-requested', { userId: leaving.id, emails: [leaving.email], isProvider: false, requestedAt: new Date().toISOString() }), leaving.id);
    await sut.settled();
    const { rows } = await sut.pool.query(
      `SELECT (SELECT count(*)::int FROM gym_fact_reports WHERE reporter_id = $1 OR resolved_by = $1) + (SELECT count(*)::int FROM gym_fact_confirmations WHERE user_id = $1) AS n`,
      [leaving.id],
    );
    expect(rows[0].n).toBe(0);
    // The report and the confirmation still count for the hotel.
    const after = await freshness(live.id);
    expect(after.reports.map((r) => r.id)).toContain(made.body.id);
    expect(after.travellerConfirmations.total).toBe(3);
  });
});
