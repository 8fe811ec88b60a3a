import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { configSchema } from './config.ts';
import { buildApp, createDeps, type IdentityDeps } from './app.ts';
import { resyncRevocations } from './store/revocations.ts';
import { purgeExpired } from './store/housekeeping.ts';
import { purgeFinishedDeletions, republishWaitingDeletions } from './store/account-deletion.ts';
import { erasureReportConsumer, erasureReportHandlers } from './events/erasures.ts';
import { organisationActivityConsumer, organisationActivityHandlers } from './events/organisation-activity.ts';
import { reviewNoticeConsumer, reviewNoticeHandlers } from './events/review-notices.ts';

const housekeepingEveryMs = 60_000;
let deps: IdentityDeps | undefined;

await startService({
  configSchema,
  // Identity checks tokens against its own revocations, kept from Postgres (app.ts), and announces them to the others.
  sharedRevocations: false,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp: async (ctx) => {
    deps = await createDeps(ctx);
    return buildApp(ctx, deps);
  },
  // The services' reports of erased accounts: the last one finishes a deletion (store/account-deletion.ts).
  consumers: (ctx) => [
    {
      ...erasureReportConsumer,
      handlers: erasureReportHandlers(ctx.logger.child({ component: 'account-deletion' }), async (emails) => {
        await Promise.all(emails.map((email) => deps!.loginLimiter.clearAccount(email)));
      }),
    },
    { ...organisationActivityConsumer, handlers: organisationActivityHandlers(ctx.logger.child({ component: 'organisation-activity' })) },
    { ...reviewNoticeConsumer, handlers: reviewNoticeHandlers(ctx.logger.child({ component: 'review-notices' })) },
  ],
  beforeListen: async (ctx) => {
    const redis = deps!.redis;
    const logger = ctx.logger.child({ component: 'housekeeping' });
    // Redis may have lost revocations (restart, outage during a logout): copy them from Postgres at
    // start, as soon as Redis is back after any disconnect, and every minute.
    const housekeeping = async (announce = false) => {
      try {
        const resynced = await resyncRevocations(ctx.pool, redis, ctx.config.JWT_TTL_SECONDS, { announce });
        const purged = await purgeExpired(ctx.pool);
        // A deletion still waiting for a service's report after 10 minutes is asked for again (idempotent everywhere).
        const deletionsAskedAgain = await republishWaitingDeletions(ctx.pool);
        if (deletionsAskedAgain > 0) ctx.relay.nudge();
        const deletionsForgotten = await purgeFinishedDeletions(ctx.pool, ctx.config.JWT_TTL_SECONDS);
        logger.debug({ resynced, ...purged, deletionsAskedAgain, deletionsForgotten }, 'housekeeping done');
      } catch (err) {
        logger.warn({ err }, 'housekeeping failed; will retry');
      }
    };
    await housekeeping(true);
    redis.on('ready', () => {
      logger.info('redis is back; copying revocations from Postgres');
      void housekeeping(true);
    });
    const timer = setInterval(() => void housekeeping(), housekeepingEveryMs);
    timer.unref();
    return [
      { name: 'housekeeping', close: async () => clearInterval(timer) },
      { name: 'redis', close: async () => redis.disconnect() },
    ];
  },
});
