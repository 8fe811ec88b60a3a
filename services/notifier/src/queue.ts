import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer, { type Transporter } from 'nodemailer';
import client from 'prom-client';
import { extractTraceContext, registry, withMessagingSpan, type Logger } from '@reproute/platform';
import type { EmailJob } from './domain/email.ts';

export const EMAIL_QUEUE = 'email';

export function redisConnection(url: string): Redis {
  // BullMQ workers need blocking commands that never give up.
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

export function createEmailQueue(connection: Redis): Queue<EmailJob> {
  return new Queue<EmailJob>(EMAIL_QUEUE, {
    connection,
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 1_000 },
      // Completed jobs are kept a week so a repeated event id is still recognised; failed ones stay for inspection.
      removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
      removeOnFail: false,
    },
  });
}

export function createTransport(options: { host: string; port: number; secure: boolean; user?: string; password?: string }): Transporter {
  return nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: options.user ? { user: options.user, pass: options.password } : undefined,
    pool: true,
    maxConnections: 5,
    ignoreTLS: !options.secure && options.host === '127.0.0.1',
  });
}

const sendSeconds = new client.Histogram({
  name: 'email_send_duration_seconds',
  help: 'Time to hand an email to SMTP',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const sent = new client.Counter({ name: 'emails_total', help: 'Email jobs by outcome', labelNames: ['type', 'outcome'] as const, registers: [registry] });

/** Marks a job whose email SMTP accepted; kept as long as completed jobs are. */
export const sentMarkerKey = (jobId: string) => `email:sent:${jobId}`;
const sentMarkerTtlSeconds = 7 * 24 * 3600;

/** What sending one job needs: SMTP, the sender address, and Redis for the sent markers. */
export interface SendDeps {
  transport: Pick<Transporter, 'sendMail'>;
  markers: Pick<Redis, 'exists' | 'set'>;
  from: string;
  logger: Logger;
}

/**
 * Sends one job's email unless it was already sent. BullMQ runs a job again when its worker died
 * after SMTP accepted the email but before the job was marked complete (a stalled job); the
 * marker written right after the send turns that re-run into a no-op, so only a crash in the
 * instant between SMTP's answer and the marker could still double an email.
 */
export async function sendEmailJob(job: Pick<Job<EmailJob>, 'id' | 'data'>, deps: SendDeps): Promise<{ messageId: string | null; alreadySent: boolean }> {
  const { email, eventType } = job.data;
  const marker = sentMarkerKey(job.id ?? job.data.eventId);
  if (await deps.markers.exists(marker)) {
    deps.logger.info({ jobId: job.id, eventType }, 'email already sent; not sending again');
    sent.inc({ type: eventType, outcome: 'already-sent' });
    return { messageId: null, alreadySent: true };
  }
  const stop = sendSeconds.startTimer();
  let messageId: string;
  try {
    const info = await deps.transport.sendMail({ from: deps.from, to: email.to, replyTo: email.replyTo, subject: email.subject, text: email.text, html: email.html });
    messageId = String(info.messageId ?? '');
  } catch (err) {
    stop({ outcome: 'failed' });
    sent.inc({ type: eventType, outcome: 'failed' });
    throw err;
  }
  stop({ outcome: 'sent' });
  sent.inc({ type: eventType, outcome: 'sent' });
  // The email is out: failing the job now would only send it again, so a marker that cannot be written is logged, not thrown.
  await deps.markers.set(marker, messageId || '1', 'EX', sentMarkerTtlSeconds).catch((err: Error) => deps.logger.warn({ err: redactedError(err), jobId: job.id }, 'could not record sent email'));
  deps.logger.info({ jobId: job.id, eventType, messageId }, 'email sent');
  return { messageId, alreadySent: false };
}

/** The worker that sends queued emails; each send is a span under the event's trace. */
export function createEmailWorker(options: { connection: Redis; markers: Redis; transport: Transporter; from: string; logger: Logger; concurrency: number }): Worker<EmailJob> {
  const deps: SendDeps = { transport: options.transport, markers: options.markers, from: options.from, logger: options.logger };
  const worker = new Worker<EmailJob>(
    EMAIL_QUEUE,
    async (job: Job<EmailJob>) =>
      withMessagingSpan(
        { destination: EMAIL_QUEUE, operation: 'process', system: 'bullmq', parent: extractTraceContext(job.data.trace), attributes: { 'messaging.message.id': job.id ?? '', 'event.type': job.data.eventType } },
        async () =>
          withMessagingSpan({ destination: 'smtp', operation: 'send', system: 'smtp', attributes: { 'email.template': job.data.eventType } }, () => sendEmailJob(job, deps)),
      ),
    { connection: options.connection, concurrency: options.concurrency },
  );
  worker.on('failed', (job, err) =>
    options.logger.warn({ err: redactedError(err), jobId: job?.id, eventType: job?.data.eventType, attempts: job?.attemptsMade }, 'email job failed'),
  );
  worker.on('error', (err) => options.logger.warn({ err: redactedError(err) }, 'email worker error'));
  return worker;
}

/** An error as logged: SMTP errors quote recipients, so email addresses are masked; only ids identify a job. */
export function redactedError(err: Error): { name: string; message: string; code?: string; responseCode?: number } {
  const { code, responseCode } = err as Error & { code?: string; responseCode?: number };
  return { name: err.name, message: err.message.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]'), code, responseCode };
}
