import { Redis } from 'ioredis';
import { clientAddressKeyOf, opsPortOf, redisClientOptions, runService, startProcess } from '@reproute/platform';
import { loadSealingKey } from '@reproute/platform/sealing';
import { configSchema } from './config.ts';
import { buildGateway } from './app.ts';

// As every service starts (platform startService): the configuration, or exit 78 naming what is wrong; the logger.
const { config, logger } = startProcess(configSchema);
const redis = new Redis({ ...redisClientOptions(config), maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
redis.on('error', (err) => logger.warn({ err }, 'redis error'));
const clientAddressKey = await loadSealingKey({ ...clientAddressKeyOf(config), logger });
const app = await buildGateway({ config, logger, redis, clientAddressKey, hotelEvents: true, warmPages: true });
const telemetry = (globalThis as { __reprouteTelemetry?: () => Promise<void> }).__reprouteTelemetry;
await runService({
  app,
  host: config.HOST,
  port: config.PORT,
  opsPort: opsPortOf(config),
  logger,
  closers: [
    { name: 'redis', close: async () => redis.disconnect() },
    { name: 'telemetry', close: () => telemetry?.() ?? Promise.resolve() },
  ],
});
