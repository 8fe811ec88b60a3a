import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, logMark, login, runScript, seedAccounts, registerTraveller, waitForEmail } from '@reproute/platform/testing';
import { startOtlpReceiver, type ReceivedSpan } from '@reproute/platform/testing';

// Every process exports OTLP/HTTP to the stack's trace sink port (4318, infra/env.sh); this test listens there,
// starts a trace itself with a traceparent header, and follows it across HTTP, Kafka and BullMQ.
// The local trace sink (make up) normally holds that port; the test takes its place for its duration.
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
beforeAll(async () => {
  runScript('trace-sink.sh', ['stop']);
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver?.close();
  runScript('trace-sink.sh', ['start']);
});

function newTrace() {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

const spansOf = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
const byId = (spans: ReceivedSpan[], id: string) => spans.find((s) => s.spanId === id);
/** True when `descendant` sits somewhere below `ancestor` in the trace's parent links. */
function isBelow(spans: ReceivedSpan[], descendant: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  let current: ReceivedSpan | undefined = descendant;
  for (let hops = 0; current && hops < 50; hops++) {
    if (current.parentSpanId === ancestor.spanId) return true;
    current = byId(spans, current.parentSpanId);
  }
  return false;
}
function one(spans: ReceivedSpan[], predicate: (s: ReceivedSpan) => boolean, what: string): ReceivedSpan {
  const found = spans.filter(predicate);
  expect(found.length, `${what} in ${spans.map((s) => `${s.service}:${s.name}`).join(', ')}`).toBeGreaterThan(0);
  return found[0]!;
}

describe('one trace per user action', () => {
  it('follows a lead from the gateway through referral, Postgres, the outbox, Kafka, the notifier and BullMQ to the SMTP send', async () => {
    const { traceId, traceparent } = newTrace();
    const logs = logMark();
    const traveller = await registerTraveller({ firstName: 'Trace', lastName: 'Tester' });
    const res = await api('POST', '/api/leads', {
      token: traveller.token,
      headers: { traceparent },
      body: { shareContact: true, hotelId: 1, userId: traveller.user.id, name: 'Trace Tester', email: traveller.email, checkInDate: '2027-05-01', checkOutDate: '2027-05-03', guests: 2 },
    });
    expect(res.status).toBe(201);
    await waitForEmail((e) => (e.text ?? '').includes('Trace Tester'));

    // Each process exports on its own schedule (and retries after earlier refused exports), and a span is exported
    // only when it ends: BullMQ's own job span ends after the 'email process' span inside it, and may come a batch
    // later. So the whole shape is what is waited for; if it never holds, the last unmet expectation is the error.
    await eventually(async () => {
      const spans = spansOf(traceId);
      const gatewayServer = one(spans, (s) => s.service === 'gateway' && s.kind === 2, 'gateway server span');
      const referralServer = one(spans, (s) => s.service === 'referral' && s.kind === 2, 'referral server span');
      const database = one(spans, (s) => s.service === 'referral' && String(s.attributes['db.system'] ?? s.attributes['db.system.name'] ?? '') === 'postgresql', 'referral Postgres span');
      const publish = one(spans, (s) => s.service === 'referral' && s.name === 'referral.leads publish', 'outbox relay publish span');
      const consume = one(spans, (s) => s.service === 'notifier' && s.name === 'referral.leads process', 'notifier consume span');
      const job = one(spans, (s) => s.service === 'notifier' && s.name === 'email process', 'BullMQ job span');
      const send = one(spans, (s) => s.name === 'smtp send', 'SMTP send span');

      expect(isBelow(spans, referralServer, gatewayServer), 'referral server span below the gateway').toBe(true);
      expect(isBelow(spans, database, referralServer), 'Postgres span below the referral server span').toBe(true);
      expect(isBelow(spans, publish, referralServer), 'outbox publish below the referral server span').toBe(true);
      expect(consume.parentSpanId).toBe(publish.spanId);
      expect(isBelow(spans, job, consume), 'BullMQ job span below the Kafka consume span').toBe(true);
      expect(send.parentSpanId).toBe(job.spanId);
      expect(publish.attributes['messaging.system']).toBe('kafka');
      expect(job.attributes['messaging.system']).toBe('bullmq');
      // Each span's time, as operators read it: the referral's work inside the gateway's, the send after the publish
      // (each process has its own clock origin, so times from two processes are compared to within 50 ms).
      const skew = 50;
      for (const span of [gatewayServer, referralServer, publish, consume, send]) expect(span.durationMs, `${span.name} duration`).toBeGreaterThanOrEqual(0);
      expect(referralServer.startMs).toBeGreaterThanOrEqual(gatewayServer.startMs - skew);
      expect(referralServer.startMs + referralServer.durationMs).toBeLessThanOrEqual(gatewayServer.startMs + gatewayServer.durationMs + skew);
      expect(send.startMs).toBeGreaterThanOrEqual(publish.startMs - skew);
      expect(Math.abs(gatewayServer.startMs - Date.now())).toBeLessThan(120_000);
      return spans;
    }, 90_000, 'the whole path of the lead in one trace');

    // The logs of each hop carry the same trace id.
    const written = logs.read();
    for (const service of ['gateway', 'referral', 'notifier']) {
      const lines = (written.get(`${service}.log`) ?? '').split('\n');
      expect(lines.some((l) => l.includes(`"trace_id":"${traceId}"`)), `${service} log lines with the trace id`).toBe(true);
    }
  });

  it('follows a review approval through engagement, Kafka, the catalog consumer and the reviewer email', async () => {
    const traveller = await registerTraveller({ firstName: 'Tracy' });
    const review = await api('POST', '/api/reviews', {
      token: traveller.token,
      body: { hotelId: 2, title: 'Traced stay', content: 'A gym with everything a lifter needs, traced end to end.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2026-10', pros: ['racks'], cons: [] },
    });
    expect(review.status).toBe(201);
    const admin = await login(seedAccounts.admin.email, seedAccounts.admin.password);
    const { traceId, traceparent } = newTrace();
    const approved = await api('PUT', `/api/reviews/${review.body.id}/approve`, { token: admin.token, headers: { traceparent }, body: { isApproved: true } });
    expect(approved.status).toBe(200);

    await eventually(async () => {
      const spans = spansOf(traceId);
      const publish = one(spans, (s) => s.service === 'engagement' && s.name === 'engagement.reviews publish', 'engagement publish span');
      const catalog = one(spans, (s) => s.service === 'catalog' && s.name === 'engagement.reviews process', 'catalog consume span');
      const notifier = one(spans, (s) => s.service === 'notifier' && s.name === 'engagement.reviews process', 'notifier consume span');
      const send = one(spans, (s) => s.name === 'smtp send', 'SMTP send span');
      expect(catalog.parentSpanId).toBe(publish.spanId);
      expect(notifier.parentSpanId).toBe(publish.spanId);
      expect(isBelow(spans, send, notifier), 'SMTP send below the notifier consume span').toBe(true);
      expect(one(spans, (s) => s.service === 'catalog' && String(s.attributes['db.system'] ?? s.attributes['db.system.name'] ?? '') === 'postgresql' && isBelow(spans, s, catalog), 'catalog write under its consumer span')).toBeTruthy();
      return spans;
    }, 90_000, 'the whole path of the approval in one trace');
  });
});
