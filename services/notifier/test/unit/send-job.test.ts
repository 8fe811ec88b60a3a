import { describe, expect, it } from 'vitest';
import { createLogger } from '@reproute/platform';
import { sendEmailJob, sentMarkerKey, type SendDeps } from '../../src/queue.ts';
import type { EmailJob } from '../../src/domain/email.ts';

const job = {
  id: '88888888-8888-4888-8888-888888888888-ack',
  data: {
    email: { to: 'sam@example.com', subject: 'We received your message', text: 'Hi', html: '<p>Hi</p>' },
    eventId: '88888888-8888-4888-8888-888888888888',
    eventType: 'contact.received',
    trace: {},
  } satisfies EmailJob,
};

function fakes(options: { marked?: boolean; markerFails?: boolean; smtpFails?: boolean } = {}) {
  const markers = new Map<string, string>(options.marked ? [[sentMarkerKey(job.id), 'earlier']] : []);
  const sentMails: unknown[] = [];
  const deps: SendDeps = {
    from: 'RepRoute <no-reply@reproute.example>',
    logger: createLogger('test', 'silent'),
    transport: {
      sendMail: (async (mail: unknown) => {
        if (options.smtpFails) throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
        sentMails.push(mail);
        return { messageId: '<m1@reproute.example>' };
      }) as never,
    },
    markers: {
      exists: (async (key: string) => (markers.has(key) ? 1 : 0)) as never,
      set: (async (key: string, value: string) => {
        if (options.markerFails) throw new Error('redis down');
        markers.set(key, value);
        return 'OK';
      }) as never,
    },
  };
  return { deps, markers, sentMails };
}

describe('sendEmailJob', () => {
  it('sends the email and marks the job as sent', async () => {
    const { deps, markers, sentMails } = fakes();
    expect(await sendEmailJob(job, deps)).toEqual({ messageId: '<m1@reproute.example>', alreadySent: false });
    expect(sentMails).toEqual([expect.objectContaining({ to: 'sam@example.com', from: 'RepRoute <no-reply@reproute.example>', subject: 'We received your message', text: 'Hi', html: '<p>Hi</p>' })]);
    expect(markers.get(sentMarkerKey(job.id))).toBe('<m1@reproute.example>');
  });

  it('does not send again when the job runs a second time (a stalled job after a crash)', async () => {
    const { deps, sentMails } = fakes({ marked: true });
    expect(await sendEmailJob(job, deps)).toEqual({ messageId: null, alreadySent: true });
    expect(sentMails).toHaveLength(0);
  });

  it('fails the job when SMTP fails, so BullMQ retries it with backoff', async () => {
    const { deps, markers } = fakes({ smtpFails: true });
    await expect(sendEmailJob(job, deps)).rejects.toThrow('ECONNREFUSED');
    expect(markers.size).toBe(0);
  });

  it('does not fail an email that went out when only the marker could not be written', async () => {
    const { deps, sentMails } = fakes({ markerFails: true });
    expect((await sendEmailJob(job, deps)).alreadySent).toBe(false);
    expect(sentMails).toHaveLength(1);
  });
});
