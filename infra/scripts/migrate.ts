// Applies every service's migrations in its own schema, connecting as the service's own role.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfig, migrate, postgresTlsConfigSchema } from '@reproute/platform';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const logger = createLogger('migrate', process.env.LOG_LEVEL === 'debug' ? 'debug' : 'warn');
const host = process.env.PGHOST ?? '127.0.0.1';
const port = process.env.PGPORT ?? '5432';
const database = process.env.PGDATABASE ?? 'reproute';
// PGSSLMODE and PGSSLROOTCERT, as the services read them (platform connections.ts: postgresConnection).
const tls = loadConfig(postgresTlsConfigSchema);
const names = (process.env.SERVICES ?? '').split(/\s+/).filter(Boolean).map((s) => s.split(':')[0]!);

for (const name of names) {
  await migrate({
    databaseUrl: `postgres://${name}@${host}:${port}/${database}`,
    schema: name,
    dir: path.join(root, 'services', name, 'migrations'),
    logger,
    tls,
  });
  process.stdout.write(`[migrate] ${name}: up to date\n`);
}
