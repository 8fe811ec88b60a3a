import { afterAll, describe, expect, it } from 'vitest';
import { api, apiFrom, eventually, registerTraveller, serviceDb, stack, uniqueClientAddress, uniqueEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, runInfraScript, sentTo, uniqueTag } from '../../../engagement/test/integration/support.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@reproute.example';
// Its readiness is on its ops port (OPS_PORT), not the port it serves on.
const notifierOpsUrl = process.env.NOTIFIER_OPS_URL ?? stack.serviceOpsUrl('notifier');
// Leads come from an address of this file's own: the same lead from the same client within minutes is a
// repeat (answered with the first one, no second email), and other files post leads for hotel 1 too.
const client = uniqueClientAddress();
const outboxes = [serviceDb('engagement'), serviceDb('referral')];
afterAll(() => Promise.all(outboxes.map((db) => db.end())));

describe('the notifier stopped while messages and leads are created', () => {
  it('delivers every email exactly once after it starts again', async () => {
    const tag = uniqueTag('restart');
    const senders = [1, 2, 3].map((n) => ({ n, email: uniqueEmail(`restart${n}`) }));
    // Each lead is found by its referral id.
    const leadRefs = [1, 2].map((n) => `RR_1_${Date.now() * 10 + n}`);
    // Leads need the catalog's hotels (through referral); contact messages need only engagement.
    const withLeads = (await api('GET', '/api/hotels/1')).status === 200;
    // Leads come from a verified traveller sharing their details (ruling 14), verified while the notifier still sends.
    const traveller = withLeads ? await registerTraveller({ firstName: 'Rhea', lastName: 'Restart' }) : undefined;
    try {
      runInfraScript('services.sh', 'stop', 'notifier');
      for (const { n, email } of senders) {
        const res = await api('POST', '/api/contact', { body: { name: `Rae ${n}`, email, subject: `Restart ${tag} #${n}`, message: `Message ${n} while the notifier is down.` } });
        expect(res.status).toBe(201);
      }
      if (withLeads) {
        for (const [n, referralId] of leadRefs.entries()) {
          const res = await apiFrom(client, 'POST', '/api/leads', { token: traveller!.token, body: { shareContact: true, hotelId: 1, guests: n + 1, referralId } });
          expect(res.status).toBe(201);
        }
      }
      // Every event on Kafka while nobody consumes it: the relays have sent their outbox rows.
      await eventually(async () => {
        const unsent = await Promise.all(outboxes.map(async (db) => Number((await db.query('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL')).rows[0].n)));
        return unsent.every((n) => n === 0) || undefined;
      }, 30_000, 'outboxes sent');
    } finally {
      runInfraScript('services.sh', 'start', 'notifier');
    }
    await eventually(async () => (await fetch(`${notifierOpsUrl}/health/ready`)).ok, 60_000, 'notifier ready');

    for (const { n, email } of senders) {
      await expectEmailsExactly(sentTo(email), 1, { timeoutMs: 90_000, settleMs: 0, what: `acknowledgement ${n}` });
      await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(`${tag} #${n}`), 1, { settleMs: 0, what: `support copy ${n}` });
    }
    if (withLeads) {
      for (const referralId of leadRefs) await expectEmailsExactly((e) => e.subject.startsWith('New lead for') && (e.text ?? '').includes(referralId), 1, { timeoutMs: 60_000, settleMs: 0, what: 'lead email' });
    }
    // And no second copy of any of them after things settle.
    await sleep(5_000);
    for (const { email } of senders) await expectEmailsExactly(sentTo(email), 1, { settleMs: 0 });
    await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(tag), senders.length, { settleMs: 0 });
    if (withLeads) for (const referralId of leadRefs) await expectEmailsExactly((e) => (e.text ?? '').includes(referralId), 1, { settleMs: 0 });
  }, 240_000);
});
