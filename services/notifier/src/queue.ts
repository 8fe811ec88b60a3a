import { PassThrough, type Readable } from 'node:stream';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import client from 'prom-client';
import { BullMQOtel } from 'bullmq-otel';
import { redisClientOptions, registry, withMessagingSpan, type Logger, type RedisSettings } from '@reproute/platform';
import { openSealedEmail, type EmailJob, type ListEmail } from './domain/email.ts';
import { withoutUnsubscribe, withUnsubscribe, type OutgoingEmail } from './domain/list-mail.ts';

const noSealingKey = () => {
  throw new Error('an email carries a sealed value but no sealing key is configured');
};
import { emailFailureVerdict, emailJobAttempts, emailRetryDelayMs } from './domain/retries.ts';

export const EMAIL_QUEUE = 'email';

/** BullMQ's OpenTelemetry support: a job carries the trace of the event that queued it, and its processing continues that trace. */
const telemetry = new BullMQOtel({ tracerName: 'reproute-notifier' });

/** `redis`: REDIS_URL with its password and TLS settings (the notifier's config; platform connections.ts). */
export function redisConnection(redis: RedisSettings): Redis {
  // BullMQ workers need blocking commands that never give up.
  return new Redis({ ...redisClientOptions(redis), maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * The connection jobs are added through: while Redis is down a command fails at once instead of
 * waiting, so the event consumer sees a transient failure and retries the event (and can stop
 * promptly); reconnecting every second at most notices Redis's return quickly.
 */
export function queueConnection(redis: RedisSettings): Redis {
  return new Redis({ ...redisClientOptions(redis), maxRetriesPerRequest: 1, enableOfflineQueue: false, enableReadyCheck: true, retryStrategy: (times) => Math.min(times * 100, 1_000) });
}

export function createEmailQueue(connection: Redis): Queue<EmailJob> {
  return new Queue<EmailJob>(EMAIL_QUEUE, {
    connection,
    telemetry,
    defaultJobOptions: {
      // Retries are bounded per cause in the worker (sendWithRetryPolicy), not by this count.
      attempts: emailJobAttempts,
      backoff: { type: emailBackoffType },
      // Completed jobs are kept a week (and at most 100,000) so a job id queued again is still recognised (the second
      // of the three layers, events/handlers.ts); failed ones stay for inspection.
      removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
      removeOnFail: false,
    },
  });
}

export function createTransport(options: { host: string; port: number; secure: boolean; user?: string; password?: string }): Transporter {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: options.user ? { user: options.user, pass: options.password } : undefined,
    pool: true,
    maxConnections: 5,
    ignoreTLS: !options.secure && options.host === '127.0.0.1',
  });
  transport.use('stream', reportMessageWritten);
  return transport;
}

/** sendMail options plus a hook called once the whole message, end-of-data mark included, is on its way to SMTP. */
export type TrackedMailOptions = SendMailOptions & { onMessageWritten?: () => void };

/**
 * nodemailer 'stream' plugin: calls a message's `onMessageWritten` once SMTP's end-of-data mark has
 * been handed to the socket. The message's own stream ends before that mark exists: nodemailer's
 * SMTP connection pipes it into a stream of its own (dot-stuffing, then the mark, in that stream's
 * flush) and that stream into the socket. So the hook waits for the `end` of whatever the message
 * is piped into: that stream ends only once its last chunk, the mark, was written to the socket. A
 * process killed after the hook has sent the whole email (the kernel still delivers what was
 * written), so a job that finds the marker must not send again; one killed before it has not.
 * (Calling it when the message's last byte passed, before the mark, lost an email whose worker was
 * killed in between: the fault test "notifier killed mid-batch" found it.)
 */
export const reportMessageWritten: Mail.PluginFunction = (mail, done) => {
  const hook = (mail.data as TrackedMailOptions).onMessageWritten;
  if (hook) {
    // Run for each stream of the message, so each delivery attempt (nodemailer may requeue on a dropped connection) has its own.
    mail.message.processFunc((input) => {
      const output = new PassThrough();
      const pipe = output.pipe.bind(output);
      output.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
        (destination as unknown as Readable).once('end', hook);
        return pipe(destination, options);
      };
      // A process function reports its input's errors on its output (nodemailer's contract).
      input.once('error', (err) => output.destroy(err));
      return input.pipe(output);
    });
  }
  done();
};

const sendSeconds = new client.Histogram({
  name: 'email_send_duration_seconds',
  help: 'Time to hand an email to SMTP',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const sent = new client.Counter({ name: 'emails_total', help: 'Email jobs by outcome', labelNames: ['type', 'outcome'] as const, registers: [registry] });

/** Marks a job whose email went out (or was at the very end of going out); kept as long as completed jobs are. */
export const sentMarkerKey = (jobId: string) => `email:sent:${jobId}`;
const sentMarkerTtlSeconds = 7 * 24 * 3600;

/**
 * The Message-ID of a job's email, the same each time that job is sent: should a notifier be killed in the moment
 * between handing SMTP the whole email and writing its sent marker, the job's second sending is the same message
 * to mail systems and clients that recognise a Message-ID they already hold, not a second lead.
 */
export function messageIdFor(jobKey: string, from: string): string {
  const domain = /@([^@>\s]+)>?\s*$/.exec(from)?.[1] ?? 'reproute.invalid';
  return `<${jobKey.replace(/[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/g, '-')}@${domain}>`;
}

/** What sending one job needs: SMTP, the sender address, and Redis for the sent markers. */
export interface SendDeps {
  transport: { sendMail: (options: TrackedMailOptions) => Promise<{ messageId?: string }> };
  markers: Pick<Redis, 'exists' | 'set' | 'del'>;
  from: string;
  logger: Logger;
  /** Opens sealed values of an email (reset links) just before it is sent. */
  openSealed?: (value: string, context: string) => string;
  /**
   * For list emails (ruling 18): whether the account still wants the email (its opt-outs, store/email-opt-outs.ts),
   * and the key and site address its unsubscribe links are made with (domain/list-mail.ts).
   */
  lists?: { key: Buffer; appUrl: string; wanted: (list: ListEmail) => Promise<boolean> };
}

/** What sending a job came to: sent (its Message-ID), already sent before, or not sent because the recipient opted out. */
export interface SendOutcome {
  messageId: string | null;
  alreadySent: boolean;
  suppressed?: boolean;
}

/**
 * Sends one job's email unless it already went out. BullMQ runs a job again when its worker died
 * before marking it complete (a stalled job), and a killed worker may have died after the SMTP
 * server took the email but before hearing its answer. So the marker is written as SMTP's
 * end-of-data mark leaves (reportMessageWritten), and a job that finds it does not send again. When
 * SMTP then answers with an error the marker is removed and BullMQ retries with backoff. (The third of
 * the notifier's three layers, events/handlers.ts: the processed-event record and the job id are both
 * behind a job that runs twice, so neither can tell that its email already left.)
 */
export async function sendEmailJob(job: Pick<Job<EmailJob>, 'id' | 'data'>, deps: SendDeps): Promise<SendOutcome> {
  const { eventType } = job.data;
  const email = job.data.email.sealed ? openSealedEmail(job.data.email, deps.openSealed ?? noSealingKey) : job.data.email;
  const jobKey = job.id ?? job.data.eventId;
  const marker = sentMarkerKey(jobKey);
  if (await deps.markers.exists(marker)) {
    deps.logger.info({ jobId: job.id, eventType }, 'email already sent; not sending again');
    sent.inc({ type: eventType, outcome: 'already-sent' });
    return { messageId: null, alreadySent: true };
  }
  // A list email is checked against the recipient's preferences now, as it goes, so one queued before an
  // unsubscribe is stopped too; then it gets its unsubscribe headers and footer.
  let outgoing: OutgoingEmail;
  if (email.list) {
    if (!deps.lists) throw new Error('a list email but no email link key is configured');
    if (!(await deps.lists.wanted(email.list))) {
      deps.logger.info({ jobId: job.id, eventType, kind: email.list.kind }, 'email not sent: the recipient turned this kind of email off');
      sent.inc({ type: eventType, outcome: 'suppressed' });
      return { messageId: null, alreadySent: false, suppressed: true };
    }
    outgoing = withUnsubscribe(email, email.list, deps.lists);
  } else {
    outgoing = withoutUnsubscribe(email);
  }
  const warn = (err: Error) => deps.logger.warn({ err: redactedError(err), jobId: job.id }, 'could not update the sent marker');
  let written = false;
  // Called in the tick the end-of-data mark went to the socket; ioredis writes the command to its own socket at once.
  const markWritten = () => {
    written = true;
    deps.markers.set(marker, 'written', 'EX', sentMarkerTtlSeconds).catch(warn);
  };
  const stop = sendSeconds.startTimer();
  let messageId: string;
  try {
    const message = outgoing.email;
    const info = await deps.transport.sendMail({
      from: deps.from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text, html: message.html, onMessageWritten: markWritten,
      messageId: messageIdFor(jobKey, deps.from),
      ...(Object.keys(outgoing.headers).length > 0 ? { headers: outgoing.headers } : {}),
    });
    messageId = String(info.messageId ?? '');
  } catch (err) {
    stop({ outcome: 'failed' });
    sent.inc({ type: eventType, outcome: 'failed' });
    if (written) await deps.markers.del(marker).catch(warn);
    throw err;
  }
  stop({ outcome: 'sent' });
  sent.inc({ type: eventType, outcome: 'sent' });
  // The email is out: failing the job now would only send it again, so a marker that cannot be written is logged, not thrown.
  await deps.markers.set(marker, messageId || 'sent', 'EX', sentMarkerTtlSeconds).catch(warn);
  deps.logger.info({ jobId: job.id, eventType, messageId }, 'email sent');
  return { messageId, alreadySent: false };
}

/** The name of the backoff the email worker computes (capped exponential, see emailRetryDelayMs). */
export const emailBackoffType = 'email-retry';

type RetriedEmailJob = Pick<Job<EmailJob>, 'id' | 'data'> & { updateData?: (data: EmailJob) => Promise<void> };

/**
 * Sends one job and decides what a failure means: SMTP or Redis unavailable is thrown as is, so
 * BullMQ retries with backoff until it is back; the email's own failure is counted in the job
 * data and after `emailOwnFailureLimit` of them becomes an UnrecoverableError (the failed set).
 */
export async function sendWithRetryPolicy(job: RetriedEmailJob, deps: SendDeps): Promise<SendOutcome> {
  try {
    return await sendEmailJob(job, deps);
  } catch (err) {
    const before = (job.data as EmailJob & { ownFailures?: number }).ownFailures ?? 0;
    const verdict = emailFailureVerdict(err, before);
    if (!verdict.retry) throw new UnrecoverableError(`gave up after ${verdict.ownFailures} failures: ${redactedError(err as Error).message}`);
    if (verdict.ownFailures !== before) await job.updateData?.({ ...job.data, ownFailures: verdict.ownFailures } as EmailJob).catch(() => undefined);
    throw err;
  }
}

/** The worker that sends queued emails; each send is a span under the event's trace. */
export function createEmailWorker(options: {
  connection: Redis;
  markers: Redis;
  transport: Transporter;
  from: string;
  logger: Logger;
  concurrency: number;
  openSealed?: SendDeps['openSealed'];
  lists?: SendDeps['lists'];
}): Worker<EmailJob> {
  const deps: SendDeps = { transport: options.transport as SendDeps['transport'], markers: options.markers, from: options.from, logger: options.logger, openSealed: options.openSealed, lists: options.lists };
  const worker = new Worker<EmailJob>(
    EMAIL_QUEUE,
    async (job: Job<EmailJob>) =>
      withMessagingSpan(
        { destination: EMAIL_QUEUE, operation: 'process', system: 'bullmq', attributes: { 'messaging.message.id': job.id ?? '', 'event.type': job.data.eventType } },
        async () =>
          withMessagingSpan({ destination: 'smtp', operation: 'send', system: 'smtp', attributes: { 'email.template': job.data.eventType } }, () => sendWithRetryPolicy(job, deps)),
      ),
    { connection: options.connection, concurrency: options.concurrency, telemetry, settings: { backoffStrategy: (attemptsMade: number) => emailRetryDelayMs(attemptsMade) } },
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
