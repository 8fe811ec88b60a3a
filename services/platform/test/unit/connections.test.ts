import { Writable } from 'node:stream';
import pg from 'pg';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, serviceConfigSchema, loadConfig } from '../../src/config.ts';
import { kafkaClientSecurity, postgresConnection, redisClientOptions, type FileReader } from '../../src/connections.ts';
import { kafkaConfigSchema, opsPortOf } from '../../src/deployment-settings.ts';
import { createLogger } from '../../src/logger.ts';

// The connection settings (deployment-settings.ts) and the client options made from them (connections.ts), with
// no network: what kafkajs, ioredis and node-postgres are given.

const pem = '-----BEGIN CERTIFICATE-----\nMIIBtest\n-----END CERTIFICATE-----\n';
const files: Record<string, string> = { '/etc/reproute/tls/ca.crt': pem };
const read: FileReader = (file) => {
  if (!(file in files)) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
  return files[file]!;
};
const service = { SERVICE_NAME: 'catalog', PORT: '4002', DATABASE_URL: 'postgres://catalog@127.0.0.1:5432/reproute', DB_SCHEMA: 'catalog' };
const configError = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('no ConfigError');
};

describe('the config schema', () => {
  it('keeps local runs as they were: no credentials, no TLS, the ops port beside the main one', () => {
    const config = loadConfig(serviceConfigSchema, service);
    expect(config).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:6379', KAFKA_BROKERS: '127.0.0.1:9092' });
    for (const name of ['KAFKA_SASL_MECHANISM', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD', 'KAFKA_TLS', 'KAFKA_TLS_CA_FILE', 'REDIS_PASSWORD', 'REDIS_TLS_CA_FILE', 'PGSSLMODE', 'PGSSLROOTCERT', 'OPS_PORT']) {
      expect(config[name as keyof typeof config], name).toBeUndefined();
    }
    expect(opsPortOf(config)).toBe(4052);
    expect(opsPortOf(loadConfig(serviceConfigSchema, { ...service, OPS_PORT: '9464' }))).toBe(9464);
    expect(kafkaClientSecurity(config, read)).toEqual({});
    expect(redisClientOptions(config, read)).toEqual({ host: '127.0.0.1', port: 6379 });
    expect(postgresConnection(config.DATABASE_URL, config, read)).toEqual({ connectionString: service.DATABASE_URL, ssl: false });
  });

  it('treats an empty variable as unset (docker-compose ${X:-})', () => {
    const config = loadConfig(serviceConfigSchema, { ...service, KAFKA_SASL_MECHANISM: '', KAFKA_TLS: '', PGSSLMODE: '', REDIS_PASSWORD: '' });
    expect(kafkaClientSecurity(config, read)).toEqual({});
    expect(config.PGSSLMODE).toBeUndefined();
  });

  it('names every inconsistent setting, never echoing a value', () => {
    const incomplete = configError(() => loadConfig(serviceConfigSchema, { ...service, KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'catalog' }));
    expect(incomplete.variables).toEqual(['KAFKA_SASL_PASSWORD']);
    const noMechanism = configError(() => loadConfig(serviceConfigSchema, { ...service, KAFKA_SASL_USERNAME: 'catalog', KAFKA_SASL_PASSWORD: 'kafka-pass-1' }));
    expect(noMechanism.variables).toEqual(['KAFKA_SASL_MECHANISM']);
    expect(noMechanism.message).not.toContain('kafka-pass-1');
    const plainInClear = configError(() => loadConfig(serviceConfigSchema, { ...service, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'kafka-pass-2' }));
    expect(plainInClear.variables).toEqual(['KAFKA_TLS']);
    expect(plainInClear.message).not.toContain('kafka-pass-2');
    expect(configError(() => loadConfig(serviceConfigSchema, { ...service, KAFKA_TLS_CA_FILE: '/ca.crt' })).variables).toEqual(['KAFKA_TLS']);
    expect(configError(() => loadConfig(serviceConfigSchema, { ...service, KAFKA_SASL_MECHANISM: 'gssapi' })).variables).toEqual(['KAFKA_SASL_MECHANISM']);
    expect(configError(() => loadConfig(serviceConfigSchema, { ...service, REDIS_URL: 'http://127.0.0.1:6379' })).variables).toEqual(['REDIS_URL']);
    expect(configError(() => loadConfig(serviceConfigSchema, { ...service, REDIS_TLS_CA_FILE: '/ca.crt' })).variables).toEqual(['REDIS_TLS_CA_FILE']);
    // node-postgres cannot fall back to plain text, so libpq's allow and prefer would promise what it cannot do.
    expect(configError(() => loadConfig(serviceConfigSchema, { ...service, PGSSLMODE: 'prefer' })).variables).toEqual(['PGSSLMODE']);
    expect(configError(() => loadConfig(serviceConfigSchema, { ...service, OPS_PORT: '4002' })).variables).toEqual(['OPS_PORT']);
  });

  it('holds for schemas that extend it (a service adds its own variables)', () => {
    const catalog = serviceConfigSchema.extend({ PHOTOS_DIR: z.string().default('.data/photos') });
    expect(configError(() => loadConfig(catalog, { ...service, KAFKA_SASL_MECHANISM: 'scram-sha-256' })).variables).toEqual(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']);
  });
});

describe('Kafka (kafkajs)', () => {
  it('SCRAM over TLS: sasl with the mechanism and credentials, ssl verifying the brokers against the CA given', () => {
    const config = loadConfig(kafkaConfigSchema, {
      KAFKA_BROKERS: 'b-1.kafka:9096',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: 'catalog',
      KAFKA_SASL_PASSWORD: 'kafka-secret',
      KAFKA_TLS: 'true',
      KAFKA_TLS_CA_FILE: '/etc/reproute/tls/ca.crt',
    });
    expect(kafkaClientSecurity(config, read)).toEqual({
      sasl: { mechanism: 'scram-sha-512', username: 'catalog', password: 'kafka-secret' },
      ssl: { rejectUnauthorized: true, ca: [pem] },
    });
  });

  it('TLS alone verifies against the system CAs; SCRAM alone adds no TLS', () => {
    expect(kafkaClientSecurity({ KAFKA_TLS: true }, read)).toEqual({ ssl: { rejectUnauthorized: true } });
    expect(kafkaClientSecurity({ KAFKA_SASL_MECHANISM: 'scram-sha-256', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' }, read)).toEqual({
      sasl: { mechanism: 'scram-sha-256', username: 'u', password: 'p' },
    });
  });

  it('refuses an unreadable CA file, naming the variable', () => {
    expect(configError(() => kafkaClientSecurity({ KAFKA_TLS: true, KAFKA_TLS_CA_FILE: '/missing.crt' }, read)).variables).toEqual(['KAFKA_TLS_CA_FILE']);
    expect(configError(() => kafkaClientSecurity({ KAFKA_SASL_MECHANISM: 'scram-sha-256' }, read)).variables).toEqual(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']);
  });
});

describe('Redis (ioredis, BullMQ)', () => {
  it('a rediss:// URL turns TLS on, verifying the server (against REDIS_TLS_CA_FILE when given)', () => {
    expect(redisClientOptions({ REDIS_URL: 'rediss://redis.data.svc:6380' }, read)).toEqual({ host: 'redis.data.svc', port: 6380, tls: { rejectUnauthorized: true } });
    expect(redisClientOptions({ REDIS_URL: 'rediss://redis.data.svc:6380/2', REDIS_TLS_CA_FILE: '/etc/reproute/tls/ca.crt' }, read)).toEqual({
      host: 'redis.data.svc',
      port: 6380,
      db: 2,
      tls: { rejectUnauthorized: true, ca: [pem] },
    });
  });

  it('takes the password from the URL or REDIS_PASSWORD (which wins), and an ACL user from the URL', () => {
    expect(redisClientOptions({ REDIS_URL: 'redis://:in%40url@127.0.0.1:6379' }, read)).toMatchObject({ password: 'in@url' });
    expect(redisClientOptions({ REDIS_URL: 'redis://app:in-url@127.0.0.1:6379', REDIS_PASSWORD: 'from-secret' }, read)).toMatchObject({ username: 'app', password: 'from-secret' });
    expect(redisClientOptions({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PASSWORD: 'from-secret' }, read)).toEqual({ host: '127.0.0.1', port: 6379, password: 'from-secret' });
  });

  it('is what an ioredis client is made with', () => {
    const client = new Redis({ ...redisClientOptions({ REDIS_URL: 'rediss://redis.example:6380', REDIS_PASSWORD: 'p', REDIS_TLS_CA_FILE: '/etc/reproute/tls/ca.crt' }, read), lazyConnect: true });
    expect(client.options).toMatchObject({ host: 'redis.example', port: 6380, password: 'p', tls: { rejectUnauthorized: true, ca: [pem] } });
    client.disconnect();
  });

  it('refuses a CA file without TLS, and an unreadable one', () => {
    expect(configError(() => redisClientOptions({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_TLS_CA_FILE: '/etc/reproute/tls/ca.crt' }, read)).variables).toEqual(['REDIS_TLS_CA_FILE']);
    expect(configError(() => redisClientOptions({ REDIS_URL: 'rediss://r:6380', REDIS_TLS_CA_FILE: '/missing.crt' }, read)).variables).toEqual(['REDIS_TLS_CA_FILE']);
  });
});

describe('Postgres (node-postgres, node-pg-migrate)', () => {
  const url = 'postgres://catalog@pg.data.svc:5432/reproute';

  it('verify-full: the certificate must chain to the CA and name the host', () => {
    expect(postgresConnection(url, { PGSSLMODE: 'verify-full', PGSSLROOTCERT: '/etc/reproute/tls/ca.crt' }, read)).toEqual({ connectionString: url, ssl: { rejectUnauthorized: true, ca: [pem] } });
    expect(postgresConnection(url, { PGSSLMODE: 'verify-full' }, read)).toEqual({ connectionString: url, ssl: { rejectUnauthorized: true } });
  });

  it('takes sslmode and sslrootcert from the URL first, and removes them from what node-postgres parses', () => {
    const { connectionString, ssl } = postgresConnection(`${url}?sslmode=verify-full&sslrootcert=/etc/reproute/tls/ca.crt&application_name=x`, { PGSSLMODE: 'disable' }, read);
    expect(connectionString).toBe(`${url}?application_name=x`);
    expect(ssl).toEqual({ rejectUnauthorized: true, ca: [pem] });
    // node-postgres would let a sslmode left in the URL replace `ssl`; with it removed, the client keeps ours.
    const client = new pg.Client(postgresConnection(`${url}?sslmode=verify-full&sslrootcert=/etc/reproute/tls/ca.crt`, {}, read));
    expect((client as unknown as { ssl: unknown }).ssl).toEqual({ rejectUnauthorized: true, ca: [pem] });
  });

  it('as libpq: require encrypts without verifying unless a CA is given (then as verify-ca); verify-ca skips the host name', () => {
    expect(postgresConnection(url, { PGSSLMODE: 'require' }, read).ssl).toEqual({ rejectUnauthorized: false });
    expect(postgresConnection(url, { PGSSLMODE: 'no-verify' }, read).ssl).toEqual({ rejectUnauthorized: false });
    expect(postgresConnection(url, { PGSSLMODE: 'disable', PGSSLROOTCERT: '/etc/reproute/tls/ca.crt' }, read).ssl).toBe(false);
    for (const mode of ['require', 'verify-ca'] as const) {
      const ssl = postgresConnection(url, { PGSSLMODE: mode, PGSSLROOTCERT: '/etc/reproute/tls/ca.crt' }, read).ssl as { rejectUnauthorized: boolean; ca: string[]; checkServerIdentity: () => unknown };
      expect(ssl).toMatchObject({ rejectUnauthorized: true, ca: [pem] });
      expect(ssl.checkServerIdentity()).toBeUndefined();
    }
  });

  it('refuses what it cannot honour, naming where it came from', () => {
    expect(configError(() => postgresConnection(`${url}?sslmode=prefer`, {}, read)).variables).toEqual(['DATABASE_URL']);
    expect(configError(() => postgresConnection(`${url}?sslcert=/client.crt`, {}, read)).variables).toEqual(['DATABASE_URL']);
    expect(configError(() => postgresConnection(url, { PGSSLMODE: 'verify-full', PGSSLROOTCERT: '/missing.crt' }, read)).variables).toEqual(['PGSSLROOTCERT']);
    expect(configError(() => postgresConnection(`${url}?sslmode=verify-full&sslrootcert=/missing.crt`, {}, read)).variables).toEqual(['DATABASE_URL']);
  });
});

describe('logs', () => {
  it('never show a connection secret: settings, URLs that may carry one, and the clients options made from them', () => {
    let written = '';
    const sink = new Writable({ write: (chunk, _encoding, done) => ((written += String(chunk)), done()) });
    const logger = createLogger('test', 'debug', sink);
    const config = { KAFKA_SASL_USERNAME: 'catalog', KAFKA_SASL_PASSWORD: 'kafka-s3cret', REDIS_PASSWORD: 'redis-s3cret', REDIS_URL: 'rediss://:url-s3cret@r:6380', DATABASE_URL: 'postgres://c:db-s3cret@pg/reproute', PGPASSWORD: 'pg-s3cret' };
    logger.info({ config }, 'config');
    logger.info(config, 'flat');
    logger.info({ sasl: kafkaClientSecurity({ KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'kafka-s3cret' }).sasl }, 'kafkajs');
    logger.info({ options: redisClientOptions({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PASSWORD: 'redis-s3cret' }) }, 'ioredis');
    logger.info({ pg: postgresConnection('postgres://c:db-s3cret@pg/reproute') }, 'node-postgres');
    expect(written.split('\n').filter(Boolean)).toHaveLength(5);
    expect(written).not.toMatch(/s3cret/);
    expect(written).toContain('[redacted]');
    expect(written).toContain('"KAFKA_SASL_USERNAME":"catalog"');
  });
});
