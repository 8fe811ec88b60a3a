import { afterAll, describe, expect, it } from 'vitest';
import { api, eventually, uniqueEmail } from '@reproute/platform/testing';
import { engagementDb, expectEmailsExactly, runInfraScript, sentTo, uniqueTag } from './support.ts';

const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@reproute.example';
const db = engagementDb();
afterAll(() => db.end());

const outboxRow = async (messageId: string) =>
  (await db.query<{ sent_at: Date | null }>(`SELECT sent_at FROM outbox WHERE event_type = 'contact.received' AND payload->'data'->>'messageId' = $1`, [messageId])).rows[0];

describe('contact while Kafka is down (issue 2)', () => {
  it('answers 201 from the outbox, then emails support and the sender exactly once when Kafka is back', async () => {
    const tag = uniqueTag('outage');
    const email = uniqueEmail('outage');
    let messageId: string;
    // Other engineers share this broker: the outage lasts only as long as one request, and Kafka always comes back.
    try {
      runInfraScript('kafka.sh', 'stop');
      const res = await api('POST', '/api/contact', { body: { name: 'Otto Outage', email, subject: `Outage ${tag}`, message: 'Sent while the broker was down.' } });
      expect(res.status).toBe(201);
      messageId = res.body.id;
      const row = await outboxRow(messageId);
      expect(row, 'the event waits in the outbox').toBeDefined();
      expect(row!.sent_at).toBeNull();
    } finally {
      runInfraScript('kafka.sh', 'start');
    }

    await eventually(async () => (await outboxRow(messageId))?.sent_at != null, 120_000, 'outbox row published after Kafka is back');
    await expectEmailsExactly(sentTo(email), 1, { timeoutMs: 120_000, settleMs: 8_000, what: 'acknowledgement after the outage' });
    await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(tag), 1, { settleMs: 0, what: 'support copy after the outage' });
  }, 300_000);
});
