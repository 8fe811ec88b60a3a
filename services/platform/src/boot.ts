import type { z } from 'zod';
import { configOrExit } from './config.ts';
import { createLogger, type Logger } from './logger.ts';

/**
 * How every process starts (each service through startService, the notifier too, and the gateway's main.ts): its
 * configuration from the environment, validated by its schema (an extension of the process schema, config.ts) —
 * when it cannot run, the message naming every variable at fault on stderr and exit 78 — then its logger, named by
 * SERVICE_NAME and INSTANCE_ID at LOG_LEVEL.
 */
export function startProcess<S extends z.ZodObject>(schema: S): { config: z.infer<S>; logger: Logger } {
  const config = configOrExit(schema) as z.infer<S> & { SERVICE_NAME: string; LOG_LEVEL: string; INSTANCE_ID?: string };
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL, undefined, config.INSTANCE_ID);
  return { config, logger };
}
