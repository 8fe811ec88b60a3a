import { describe, expect, it } from 'vitest';
import { UnrecoverableError } from 'bullmq';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { createLogger } from '@reproute/platform';
import { emailFailureVerdict, emailOwnFailureLimit, emailRetryDelayMs, isTransientEmailFailure } from '../../src/domain/retries.ts';
import { sendWithRetryPolicy, type SendDeps } from '../../src/queue.ts';
import type { EmailJob } from '../../src/domain/email.ts';

// Shapes of the errors nodemailer gives (code, responseCode) as seen against a stopped or refusing SMTP server.
const smtpError = (message: string, fields: { code?: string; responseCode?: number }) => Object.assign(new Error(message), fields);
const refused = () => smtpError('connect ECONNREFUSED 127.0.0.1:1025', { code: 'ESOCKET' });

describe('isTransientEmailFailure', () => {
  it.each([
    ['SMTP server not listening', refused()],
    ['connection dropped mid-session', smtpError('Connection closed unexpectedly', { code: 'ECONNECTION' })],
    ['greeting never came', smtpError('Greeting never received', { code: 'ETIMEDOUT' })],
    ['421 service not available', smtpError('Service not available, closing transmission channel', { code: 'EENVELOPE', responseCode: 421 })],
    ['451 local error, try later', smtpError('Requested action aborted: local error', { code: 'EMESSAGE', responseCode: 451 })],
    ['Redis down for the sent marker', new MaxRetriesPerRequestError(1)],
  ])('%s: retried until it is back', (_what, err) => expect(isTransientEmailFailure(err)).toBe(true));

  it.each([
    ['550 mailbox unavailable', smtpError('Mailbox unavailable', { code: 'EENVELOPE', responseCode: 550 })],
    ['535 authentication failed', smtpError('Invalid login', { code: 'EAUTH', responseCode: 535 })],
    ['no recipients', smtpError('No recipients defined', { code: 'EENVELOPE' })],
    ['a bug', new TypeError('x is not a function')],
  ])('%s: the email\'s own failure', (_what, err) => expect(isTransientEmailFailure(err)).toBe(false));
});

describe('email retry timing and limits', () => {
  it('backs off 1 s, doubling, capped at 15 s, so a 30-second outage is retried about every 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 100].map(emailRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });

  it('never gives up on a transient failure, and gives up on the email\'s own failure at the limit', () => {
    expect(emailFailureVerdict(refused(), 0)).toEqual({ retry: true, ownFailures: 0 });
    expect(emailFailureVerdict(refused(), emailOwnFailureLimit - 1)).toEqual({ retry: true, ownFailures: emailOwnFailureLimit - 1 });
    expect(emailFailureVerdict(new Error('bad'), 0)).toEqual({ retry: true, ownFailures: 1 });
    expect(emailFailureVerdict(new Error('bad'), emailOwnFailureLimit - 1)).toEqual({ retry: false, ownFailures: emailOwnFailureLimit });
  });
});

describe('sendWithRetryPolicy', () => {
  const data: EmailJob = { email: { to: 'hotel@example.com', subject: 'New lead', text: 'Hi', html: '<p>Hi</p>' }, eventId: 'e1', eventType: 'lead.created' };

  function deps(failure: Error): SendDeps {
    const markers = new Map<string, string>();
    return {
      from: 'RepRoute <no-reply@reproute.example>',
      logger: createLogger('test', 'silent'),
      transport: { sendMail: async () => Promise.reject(failure) },
      markers: {
        exists: (async (key: string) => (markers.has(key) ? 1 : 0)) as never,
        set: (async (key: string, value: string) => void markers.set(key, value)) as never,
        del: (async (key: string) => Number(markers.delete(key))) as never,
      },
    };
  }

  function job(ownFailures?: number) {
    const updates: unknown[] = [];
    const value = { id: 'e1-hotel', data: { ...data, ...(ownFailures === undefined ? {} : { ownFailures }) }, updateData: async (next: EmailJob) => void updates.push(next) };
    return { value, updates };
  }

  it('throws an SMTP outage as is (BullMQ retries it) and does not count it', async () => {
    const { value, updates } = job(3);
    await expect(sendWithRetryPolicy(value, deps(refused()))).rejects.toMatchObject({ code: 'ESOCKET' });
    expect(updates).toEqual([]);
  });

  it('counts the email\'s own failure in the job data', async () => {
    const { value, updates } = job();
    await expect(sendWithRetryPolicy(value, deps(smtpError('Mailbox unavailable', { responseCode: 550 })))).rejects.toThrow('Mailbox unavailable');
    expect(updates).toEqual([expect.objectContaining({ ownFailures: 1 })]);
  });

  it('gives up for good at the limit, with the addresses masked in the reason', async () => {
    const { value } = job(emailOwnFailureLimit - 1);
    const failure = sendWithRetryPolicy(value, deps(smtpError('<hotel@example.com>: Mailbox unavailable', { responseCode: 550 })));
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(`gave up after ${emailOwnFailureLimit} failures: <[address]>: Mailbox unavailable`);
  });
});
