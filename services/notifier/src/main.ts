import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService, type ServiceContext } from '@reproute/platform';
import { loadSealingKey, unseal } from '@reproute/platform/sealing';
import { eventCatalog } from '@reproute/contracts';
import { configSchema, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { createEmailQueue, createEmailWorker, createTransport, queueConnection, redisConnection } from './queue.ts';
import { notifiedEventTypes } from './domain/routing.ts';
import { queueEmailsHandler } from './events/handlers.ts';
import { emailJobErasureHandlers } from './events/account-erasure.ts';
import { createDigestQueue, createDigestWorker, digestWorker } from './digest.ts';
import { LEAD_DIGEST_QUEUE, sendLeadDigest, type LeadDigestJob } from './lead-digest.ts';
import { withDigests } from './events/digest-handlers.ts';
import { emailPreferenceHandlers } from './events/email-preferences.ts';
import { isEmailWanted } from './store/email-opt-outs.ts';
import { oneClickAddressProblem } from './domain/list-mail.ts';

let deps: ReturnType<typeof createDeps> | undefined;
function createDeps(ctx: ServiceContext<Config>) {
  const redis = redisConnection(ctx.config);
  const producer = queueConnection(ctx.config);
  // Redis being down shows up as failed commands (logged where they fail); the reconnect errors are only noise.
  for (const connection of [redis, producer]) connection.on('error', (err) => ctx.logger.debug({ err }, 'redis connection error'));
  const queue = createEmailQueue(producer);
  // Weekly digests of saved-search alerts wait here as delayed jobs, one per account (src/digest.ts).
  const digests = createDigestQueue(producer);
  // Daily lead digests, one delayed job per address and day (src/lead-digest.ts).
  const leadDigests = createDigestQueue<LeadDigestJob>(producer, LEAD_DIGEST_QUEUE);
  for (const q of [digests, leadDigests]) q.on('error', (err) => ctx.logger.debug({ err }, 'digest queue connection error'));
  queue.on('error', (err) => ctx.logger.debug({ err }, 'email queue connection error'));
  return { redis, producer, queue, digests, leadDigests };
}

await startService({
  configSchema,
  // The notifier serves no user: no token is ever checked here.
  sharedRevocations: false,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp: async (ctx) => {
    deps = createDeps(ctx);
    return buildApp(ctx, deps);
  },
  consumers: (ctx) => {
    const handler = queueEmailsHandler(deps!.queue, { supportEmail: ctx.config.SUPPORT_EMAIL, appUrl: ctx.config.PUBLIC_APP_URL });
    const types = notifiedEventTypes;
    return [
      {
        name: 'notifier',
        topics: [...new Set(types.map((t) => eventCatalog[t].topic))],
        // In the same group as the account emails: an account's deletion comes after its earlier emails were queued.
        // The copy of the accounts' email opt-outs comes on identity.users too, in the order of the account's other events.
        handlers: withDigests({ ...Object.fromEntries(types.map((t) => [t, handler])), ...emailJobErasureHandlers(deps!.queue), ...emailPreferenceHandlers }, { redis: deps!.redis, digests: deps!.digests, leadDigests: deps!.leadDigests }),
      },
    ];
  },
  beforeListen: async (ctx) => {
    const workerConnection = redisConnection(ctx.config);
    const transport = createTransport({
      host: ctx.config.SMTP_HOST,
      port: ctx.config.SMTP_PORT,
      secure: ctx.config.SMTP_SECURE,
      user: ctx.config.SMTP_USER,
      password: ctx.config.SMTP_PASSWORD,
    });
    // Reset links arrive sealed with a key shared with identity; they are opened only as the email is sent.
    const resetLinkKey = await loadSealingKey({ value: ctx.config.RESET_LINK_KEY, file: ctx.config.RESET_LINK_KEY_FILE, variable: 'RESET_LINK_KEY', logger: ctx.logger });
    // The unsubscribe links of list emails are signed with a key shared with identity, which checks them.
    const httpsProblem = oneClickAddressProblem(ctx.config.PUBLIC_APP_URL, ctx.config.NODE_ENV);
    if (httpsProblem) ctx.logger.warn(httpsProblem);
    const emailLinkKey = await loadSealingKey({ value: ctx.config.EMAIL_LINK_KEY, file: ctx.config.EMAIL_LINK_KEY_FILE, variable: 'EMAIL_LINK_KEY', logger: ctx.logger });
    const worker = createEmailWorker({
      connection: workerConnection,
      markers: deps!.redis,
      transport,
      from: ctx.config.MAIL_FROM,
      logger: ctx.logger.child({ component: 'email-worker' }),
      concurrency: ctx.config.EMAIL_CONCURRENCY,
      openSealed: (value, context) => unseal(resetLinkKey, value, context),
      lists: { key: emailLinkKey, appUrl: ctx.config.PUBLIC_APP_URL, wanted: (list) => isEmailWanted(ctx.pool, list) },
    });
    const digestConnection = redisConnection(ctx.config);
    const searchDigestWorker = createDigestWorker({
      connection: digestConnection,
      redis: deps!.redis,
      emails: deps!.queue,
      digests: deps!.digests,
      appUrl: ctx.config.PUBLIC_APP_URL,
      logger: ctx.logger.child({ component: 'digest-worker' }),
    });
    const leadDigestConnection = redisConnection(ctx.config);
    const leadDigestWorker = digestWorker<LeadDigestJob>(
      LEAD_DIGEST_QUEUE,
      { connection: leadDigestConnection, logger: ctx.logger.child({ component: 'lead-digest-worker' }) },
      (job) => sendLeadDigest({ redis: deps!.redis, emails: deps!.queue, digests: deps!.leadDigests, appUrl: ctx.config.PUBLIC_APP_URL, logger: ctx.logger.child({ component: 'lead-digest-worker' }) }, job),
    );
    return [
      { name: 'lead digest worker', close: () => leadDigestWorker.close() },
      { name: 'digest worker', close: () => searchDigestWorker.close() },
      { name: 'email worker', close: () => worker.close() },
      { name: 'digest queues', close: async () => { await deps!.digests.close(); await deps!.leadDigests.close(); } },
      { name: 'email queue', close: () => deps!.queue.close() },
      { name: 'redis', close: async () => { workerConnection.disconnect(); digestConnection.disconnect(); leadDigestConnection.disconnect(); deps!.producer.disconnect(); deps!.redis.disconnect(); } },
      { name: 'smtp', close: async () => transport.close() },
    ];
  },
});
