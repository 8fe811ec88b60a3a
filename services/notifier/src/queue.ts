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

/** The worker that sends queued emails; each send is a span under the event's trace. */
export function createEmailWorker(options: { connection: Redis; transport: Transporter; from: string; logger: Logger; concurrency: number }): Worker<EmailJob> {
  const worker = new Worker<EmailJob>(
    EMAIL_QUEUE,
    async (job: Job<EmailJob>) => {
      const { email, eventType } = job.data;
      return withMessagingSpan(
        { destination: EMAIL_QUEUE, operation: 'process', system: 'bullmq', parent: extractTraceContext(job.data.trace), attributes: { 'messaging.message.id': job.id ?? '', 'event.type': eventType } },
        async () =>
          withMessagingSpan({ destination: 'smtp', operation: 'send', system: 'smtp', attributes: { 'email.template': eventType } }, async () => {
            const stop = sendSeconds.startTimer();
            try {
              const info = await options.transport.sendMail({ from: options.from, to: email.to, replyTo: email.replyTo, subject: email.subject, text: email.text, html: email.html });
              stop({ outcome: 'sent' });
              sent.inc({ type: eventType, outcome: 'sent' });
              options.logger.info({ jobId: job.id, eventType, messageId: info.messageId }, 'email sent');
              return { messageId: info.messageId };
            } catch (err) {
              stop({ outcome: 'failed' });
              sent.inc({ type: eventType, outcome: 'failed' });
              throw err;
            }
          }),
      );
    },
    { connection: options.connection, concurrency: options.concurrency },
  );
  worker.on('failed', (job, err) => options.logger.warn({ err, jobId: job?.id, attempts: job?.attemptsMade }, 'email job failed'));
  worker.on('error', (err) => options.logger.warn({ err }, 'email worker error'));
  return worker;
}
