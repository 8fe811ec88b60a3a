import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type { Logger } from './logger.ts';
import { postgresConnection } from './connections.ts';
import type { PostgresTls } from './deployment-settings.ts';

const platformMigrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Applies the platform's tables (outbox, processed events) and then the service's own
 * migrations, both inside the service's schema, each with its own bookkeeping table.
 */
export async function migrate(options: { databaseUrl: string; schema: string; dir: string; logger: Logger; tls?: PostgresTls }): Promise<void> {
  const log = (msg: string) => options.logger.debug({ migration: true }, msg);
  const common = {
    databaseUrl: postgresConnection(options.databaseUrl, options.tls),
    schema: options.schema,
    createSchema: false, // schemas and their owner roles are provisioned by infra (postgres.sh, compose init)
    direction: 'up' as const,
    checkOrder: true,
    // The lock is database-wide: services starting together take turns instead of failing.
    advisoryLockMode: 'wait' as const,
    log,
    logger: { debug: log, info: log, warn: log, error: (msg: string) => options.logger.error(msg) },
  };
  const platform = await runner({ ...common, dir: platformMigrations, migrationsTable: 'pgmigrations_platform' });
  const own = await runner({ ...common, dir: options.dir, migrationsTable: 'pgmigrations' });
  options.logger.info({ schema: options.schema, applied: [...platform, ...own].map((m) => m.name) }, 'migrations applied');
}
