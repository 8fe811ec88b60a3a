import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createHttpApp, gaugeOnScrape, type ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import type { EmailJob } from './domain/email.ts';

/** The notifier answers only health and metrics over HTTP. */
export async function buildApp(ctx: ServiceContext<Config>, deps: { queue: Queue<EmailJob>; redis: Redis }) {
  gaugeOnScrape('email_queue_waiting', 'Email jobs waiting or delayed', async () => {
    const counts = await deps.queue.getJobCounts('waiting', 'delayed', 'prioritized');
    return (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0);
  });
  gaugeOnScrape('email_queue_failed', 'Email jobs that exhausted their retries', async () => (await deps.queue.getJobCounts('failed')).failed ?? 0);
  return createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      kafka: () => ctx.bus.ping(),
      redis: () => deps.redis.ping(),
    },
  });
}
