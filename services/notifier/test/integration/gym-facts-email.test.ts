import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { gymReportKindTitles } from '@reproute/contracts';
import { api, registerTraveller, stack, verifyEmail, waitForEmail, type MaildevEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, seededToken, sentTo } from '../../../engagement/test/integration/support.ts';
import { runGymFactsJob } from '../../../catalog/src/gym-facts-job.ts';

/**
 * Gym facts that say how old they are, through the real system (gateway, identity, catalog and its outbox, Kafka, the
 * notifier, BullMQ, SMTP in MailDev): a traveller's report of a change reaches the listing's provider by email, with
 * what was reported and the link to answer it, as an email one can stop per listing (ruling 18); the catalog's gym
 * facts job reminds the provider of facts older than GYM_FACTS_STALE_DAYS once, with the link that confirms them in
 * one step; the provider's confirmation through that page's call starts the clock again.
 */
const appUrl = (process.env.PUBLIC_APP_URL ?? stack.gatewayUrl).replace(/\/+$/, '');
const mailTimeout = 60_000;
const catalogDb = new pg.Pool({ connectionString: stack.databaseUrl('catalog'), max: 2, options: '-c search_path=catalog' });
afterAll(async () => {
  await catalogDb.end();
});

async function rawHeaders(email: MaildevEmail): Promise<Record<string, string>> {
  const source = await (await fetch(`${stack.maildevUrl}/api/email/${email.id}/source`)).text();
  const end = source.indexOf('\r\n\r\n') >= 0 ? source.indexOf('\r\n\r\n') : source.indexOf('\n\n');
  const fields: Record<string, string> = {};
  for (const line of source.slice(0, end).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

describe('gym facts emails', () => {
  it('emails a traveller\'s report to the provider, and reminds the provider of stale facts once', async () => {
    const admin = await seededToken('admin');
    const account = await registerTraveller({ firstName: 'Greta', verified: false });
    const setup = await api<{ token: string }>('POST', '/api/provider/setup', { token: account.token, body: { companyName: 'Fresh Facts Hotels', phoneNumber: '+12125550123' } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const provider = { email: account.email, token: (await verifyEmail(account.email, setup.body.token)).token };
    const name = `Fresh Facts ${randomUUID().slice(0, 8)}`;
    const created = await api<{ id: number; slug: string }>('POST', '/api/provider/hotels', {
      token: provider.token,
      body: { name, address: '7 Cable Row', cityId: 1, gymAccessType: 'on-site', bookingUrl: 'https://fresh-facts.example/book', rawEquipment: ['Power rack', 'Cable station', 'Dumbbells 2-40kg'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hotelId = created.body.id;
    expect((await api('PUT', `/api/hotels/${hotelId}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);

    // A traveller reports a change through the gateway; the provider is emailed what, and where to answer it.
    const traveller = await registerTraveller({ firstName: 'Rita' });
    const detail = `Cable station out of order ${randomUUID().slice(0, 6)}`;
    const reported = await api<{ id: string; status: string }>('POST', `/api/hotels/${hotelId}/gym-reports`, { token: traveller.token, body: { kind: 'equipment', detail } });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const subject = `A traveller reported a change to the gym of ${name}`;
    const [mail] = await expectEmailsExactly((e) => sentTo(provider.email)(e) && e.subject === subject, 1, { timeoutMs: mailTimeout, what: 'the report email' });
    for (const fact of [gymReportKindTitles.equipment, detail, `${appUrl}/edit-hotel/${hotelId}#gym-facts`]) expect(mail!.text).toContain(fact);
    expect(mail!.text).not.toContain(traveller.email);
    const headers = await rawHeaders(mail!);
    expect(headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+>/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The hotel page's call shows the report; the listing is as it was.
    const freshness = await api<{ reports: { id: string }[] }>('GET', `/api/hotels/${hotelId}/gym-facts`);
    expect(freshness.body.reports.map((r) => r.id)).toContain(reported.body.id);

    // Facts older than the reminder age: the catalog's job writes the reminder to its outbox; the relay, Kafka and
    // the notifier turn it into one email with the one-step confirmation link.
    await catalogDb.query(`UPDATE hotels SET gym_facts_confirmed_at = now() - interval '120 days' WHERE id = $1`, [hotelId]);
    const config = { GYM_FACTS_STALE_DAYS: 90 } as Parameters<typeof runGymFactsJob>[0]['config'];
    await runGymFactsJob({ pool: catalogDb, config });
    const reminderSubject = `Are the gym facts of ${name} still right?`;
    const reminder = await waitForEmail((e) => sentTo(provider.email)(e) && e.subject === reminderSubject, mailTimeout);
    expect(reminder.text).toContain(`${appUrl}/edit-hotel/${hotelId}?confirm=gym-facts#gym-facts`);
    expect(reminder.text).toContain('more than 90 days ago');
    expect(reminder.text).toContain('a change you have not answered yet');
    // A second run within the period reminds nobody again.
    await runGymFactsJob({ pool: catalogDb, config });
    await expectEmailsExactly((e) => sentTo(provider.email)(e) && e.subject === reminderSubject, 1, { what: 'one reminder' });

    // The provider confirms in one step: fresh again.
    const confirmed = await api<{ confirmedBy: string; stale: boolean }>('POST', `/api/hotels/${hotelId}/gym-facts/confirmations`, { token: provider.token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ confirmedBy: 'hotel', stale: false });
  }, 180_000);
});
