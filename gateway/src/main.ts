import { Redis } from 'ioredis';
import { ConfigError, clientAddressKeyOf, createLogger, loadConfig, opsPortOf, redisClientOptions, runService } from '@reproute/platform';
import { loadSealingKey } from '@reproute/platform/sealing';
import { configSchema } from './config.ts';
import { buildGateway } from './app.ts';

let config;
try {
  config = loadConfig(configSchema);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(78);
  }
  throw err;
}
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
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
