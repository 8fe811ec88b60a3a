import { PassThrough, Transform, type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { createLogger } from '@reproute/platform';
import { messageIdFor, reportMessageWritten, sendEmailJob, sentMarkerKey, type SendDeps, type TrackedMailOptions } from '../../src/queue.ts';
import type { EmailJob } from '../../src/domain/email.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const job = {
  id: '88888888-8888-4888-8888-888888888888-ack',
  data: {
    email: { to: 'sam@example.com', subject: 'We received your message', text: 'Hi', html: '<p>Hi</p>' },
    eventId: '88888888-8888-4888-8888-888888888888',
    eventType: 'contact.received',
  } satisfies EmailJob,
};

/**
 * A fake SMTP transport and Redis. `smtp` decides what happens to a message:
 * 'accept' streams it (calling the written hook) and answers OK; 'refuse-before' fails before any
 * data; 'refuse-after' streams it, then SMTP answers with an error.
 */
function fakes(options: { marked?: boolean; markerFails?: boolean; smtp?: 'accept' | 'refuse-before' | 'refuse-after' } = {}) {
  const markers = new Map<string, string>(options.marked ? [[sentMarkerKey(job.id), 'earlier']] : []);
  const markerHistory: string[] = [];
  const sentMails: TrackedMailOptions[] = [];
  const smtp = options.smtp ?? 'accept';
  const deps: SendDeps = {
    from: 'RepRoute <no-reply@reproute.example>',
    logger: createLogger('test', 'silent'),
    transport: {
      sendMail: async (mail) => {
        if (smtp === 'refuse-before') throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
        mail.onMessageWritten?.();
        await sleep(5);
        if (smtp === 'refuse-after') throw Object.assign(new Error('Message rejected'), { responseCode: 554 });
        sentMails.push(mail);
        return { messageId: '<m1@reproute.example>' };
      },
    },
    markers: {
      exists: (async (key: string) => (markers.has(key) ? 1 : 0)) as never,
      set: (async (key: string, value: string) => {
        if (options.markerFails) throw new Error('redis down');
        markers.set(key, value);
        markerHistory.push(value);
        return 'OK';
      }) as never,
      del: (async (key: string) => Number(markers.delete(key))) as never,
    },
  };
  return { deps, markers, markerHistory, sentMails };
}

describe('sendEmailJob', () => {
  it('sends the email, marking it as it is handed over and again once SMTP accepted it', async () => {
    const { deps, markers, markerHistory, sentMails } = fakes();
    expect(await sendEmailJob(job, deps)).toEqual({ messageId: '<m1@reproute.example>', alreadySent: false });
    expect(sentMails).toEqual([expect.objectContaining({ to: 'sam@example.com', from: 'RepRoute <no-reply@reproute.example>', subject: 'We received your message', text: 'Hi', html: '<p>Hi</p>' })]);
    expect(markerHistory).toEqual(['written', '<m1@reproute.example>']);
    expect(markers.get(sentMarkerKey(job.id))).toBe('<m1@reproute.example>');
  });

  it('does not send again when the job runs a second time (a stalled job after a crash)', async () => {
    const { deps, sentMails } = fakes({ marked: true });
    expect(await sendEmailJob(job, deps)).toEqual({ messageId: null, alreadySent: true });
    expect(sentMails).toHaveLength(0);
  });

  it('fails the job when SMTP cannot be reached, so BullMQ retries it with backoff', async () => {
    const { deps, markers } = fakes({ smtp: 'refuse-before' });
    await expect(sendEmailJob(job, deps)).rejects.toThrow('ECONNREFUSED');
    expect(markers.size).toBe(0);
  });

  it('clears the hand-over mark when SMTP refuses the message, so the retry sends it', async () => {
    const { deps, markers } = fakes({ smtp: 'refuse-after' });
    await expect(sendEmailJob(job, deps)).rejects.toThrow('Message rejected');
    expect(markers.has(sentMarkerKey(job.id))).toBe(false);
  });

  it("gives a job's email the same Message-ID each time it is sent, and another job's another", async () => {
    const refused = fakes({ smtp: 'refuse-after' });
    const ids: unknown[] = [];
    const recordId = (deps: SendDeps): SendDeps => ({ ...deps, transport: { sendMail: (mail) => (ids.push(mail.messageId), deps.transport.sendMail(mail)) } });
    await expect(sendEmailJob(job, recordId(refused.deps))).rejects.toThrow('Message rejected');
    await sendEmailJob(job, recordId(fakes().deps));
    await sendEmailJob({ ...job, id: `${job.data.eventId}-hotel` }, recordId(fakes().deps));
    expect(ids).toEqual([`<${job.id}@reproute.example>`, `<${job.id}@reproute.example>`, `<${job.data.eventId}-hotel@reproute.example>`]);
  });

  it('writes that Message-ID into the message nodemailer builds, from a sender with or without a display name', async () => {
    expect(messageIdFor('abc-1', 'no-reply@mail.example')).toBe('<abc-1@mail.example>');
    expect(messageIdFor('a b<c>', '"Rep, Route" <no-reply@reproute.example>')).toBe('<a-b-c-@reproute.example>');
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail({ from: 'RepRoute <no-reply@reproute.example>', to: 'b@example.com', subject: 'Hi', text: 'x', messageId: messageIdFor(job.id, 'RepRoute <no-reply@reproute.example>') });
    expect(info.messageId).toBe(`<${job.id}@reproute.example>`);
    expect(String(info.message)).toContain(`Message-ID: <${job.id}@reproute.example>`);
  });

  it('does not fail an email that went out when only the marker could not be written', async () => {
    const { deps, sentMails } = fakes({ markerFails: true });
    expect((await sendEmailJob(job, deps)).alreadySent).toBe(false);
    expect(sentMails).toHaveLength(1);
  });
});

describe('reportMessageWritten (nodemailer stream plugin)', () => {
  it('calls the hook once, after what the message is piped into has passed on its own last chunk', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: false });
    transport.use('stream', reportMessageWritten);
    const events: string[] = [];
    const info = await transport.sendMail({
      from: 'a@example.com', to: 'b@example.com', subject: 'Hi', text: 'x'.repeat(100_000),
      onMessageWritten: () => events.push('written'),
    } as TrackedMailOptions);
    const message = info.message as unknown as Readable;
    // Like nodemailer's SMTP data stream: it adds the end-of-data mark in its flush, after the message's last byte.
    const dataStream = new Transform({
      transform: (chunk, _encoding, next) => next(null, chunk),
      flush: (next) => next(null, Buffer.from('\r\n.\r\n')),
    });
    const socket = new PassThrough();
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      events.push(chunk.toString().endsWith('\r\n.\r\n') ? 'mark' : 'data');
    });
    dataStream.pipe(socket);
    message.pipe(dataStream);
    await new Promise((r) => socket.on('end', r));
    expect(bytes).toBeGreaterThan(100_000);
    expect(events.filter((e) => e === 'written')).toHaveLength(1);
    expect(events.slice(-2)).toEqual(['mark', 'written']);
  });
});
