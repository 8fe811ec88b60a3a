import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { KafkaBus, createLogger } from '@reproute/platform';
import { api, eventually, uniqueEmail, stack } from '@reproute/platform/testing';
// Engagement and the notifier share one owner and these helpers (MailDev counting, engagement's outbox).
import { engagementDb, expectEmailsExactly, sentTo, uniqueTag } from '../../../engagement/test/integration/support.ts';

const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@reproute.example';
// Its metrics are on its ops port (OPS_PORT), not the port it serves on.
const notifierOpsUrl = process.env.NOTIFIER_OPS_URL ?? stack.serviceOpsUrl('notifier');
const engagement = engagementDb();
const notifier = new pg.Pool({ connectionString: stack.databaseUrl('notifier'), max: 2, options: '-c search_path=notifier' });
const bus = new KafkaBus({ brokers: stack.kafkaBrokers, clientId: 'notifier-duplicate-test', logger: createLogger('test', 'silent') });
afterAll(async () => {
  await bus.close();
  await Promise.all([engagement.end(), notifier.end()]);
});

/** The notifier's count of contact.received events it skipped as repeats (its /metrics). */
async function duplicatesSkipped(): Promise<number> {
  const text = await (await fetch(`${notifierOpsUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('events_consumed_total{') && l.includes('consumer="notifier"') && l.includes('type="contact.received"') && l.includes('outcome="duplicate"'));
  return line ? Number(line.split(' ').pop()) : 0;
}

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  payload: unknown;
  headers: Record<string, string>;
}

describe('the same event delivered twice', () => {
  it('sends each email once: the notifier skips the repeat, and BullMQ would too', async () => {
    const tag = uniqueTag('dup');
    const email = uniqueEmail('duplicate');
    const res = await api('POST', '/api/contact', { body: { name: 'Dee Duplicate', email, subject: `Twice ${tag}`, message: 'Delivered twice, emailed once.' } });
    expect(res.status).toBe(201);
    await expectEmailsExactly(sentTo(email), 1, { settleMs: 0, what: 'first delivery' });

    // The very envelope engagement published, sent again to the same topic with the same key.
    const { rows } = await engagement.query<OutboxRow>(
      `SELECT id, topic, message_key, payload, headers FROM outbox WHERE event_type = 'contact.received' AND payload->'data'->>'messageId' = $1`,
      [res.body.id],
    );
    const row = rows[0]!;
    const redeliver = () => bus.publish([{ topic: row.topic, key: row.message_key, value: JSON.stringify(row.payload), headers: { ...row.headers, 'event-id': row.id } }]);

    const before = await duplicatesSkipped();
    await redeliver();
    await eventually(async () => (await duplicatesSkipped()) > before, 30_000, 'the notifier to see the repeat');
    await expectEmailsExactly(sentTo(email), 1, { settleMs: 3_000, what: 'after a repeated event' });

    // Second line of defence: even if the processed-event record were lost, the job id (event id + suffix) is taken.
    await notifier.query('DELETE FROM processed_events WHERE event_id = $1 AND consumer = $2', [row.id, 'notifier']);
    await redeliver();
    await eventually(async () => (await notifier.query('SELECT 1 FROM processed_events WHERE event_id = $1', [row.id])).rows.length === 1, 30_000, 'the repeat to be handled again');
    await expectEmailsExactly(sentTo(email), 1, { settleMs: 4_000, what: 'after a repeat with no processed-event record' });
    await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(tag), 1, { settleMs: 0, what: 'support copy' });
  }, 120_000);
});
