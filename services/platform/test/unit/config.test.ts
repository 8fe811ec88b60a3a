import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, processConfigSchema, processConfigSchemaWith, serviceConfigSchema } from '../../src/config.ts';
import { topicsConfigSchema } from '../../src/deployment-settings.ts';

const valid = { SERVICE_NAME: 'catalog', PORT: '4002', DATABASE_URL: 'postgres://catalog@127.0.0.1:5432/reproute', DB_SCHEMA: 'catalog' };

describe('loadConfig', () => {
  it('parses and applies defaults', () => {
    const config = loadConfig(serviceConfigSchema, valid);
    expect(config.PORT).toBe(4002);
    expect(config.KAFKA_BROKERS).toBe('127.0.0.1:9092');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('fails fast naming every missing variable', () => {
    const { DATABASE_URL: _omit, ...rest } = valid;
    expect(() => loadConfig(serviceConfigSchema, { ...rest, PORT: 'not-a-port' })).toThrowError(ConfigError);
    try {
      loadConfig(serviceConfigSchema, { ...rest, PORT: 'not-a-port' });
    } catch (err) {
      const error = err as ConfigError;
      expect(error.variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT']));
      expect(error.message).toContain('DATABASE_URL: is required');
      expect(error.message).not.toContain('PORT: is required');
    }
  });

  it('never echoes a value in its message', () => {
    try {
      loadConfig(serviceConfigSchema, { ...valid, DATABASE_URL: 'not a url with secret-password' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('DATABASE_URL');
      expect((err as Error).message).not.toContain('secret-password');
    }
  });
});

describe('the process schema and the services\' part', () => {
  it('holds what every process reads; the database and what a service keeps are the services\' part', () => {
    const processKeys = Object.keys(processConfigSchema.shape);
    for (const name of ['NODE_ENV', 'SERVICE_NAME', 'INSTANCE_ID', 'HOST', 'PORT', 'LOG_LEVEL', 'REDIS_URL', 'JWT_ISSUER', 'KAFKA_BROKERS', 'PUBLIC_APP_URL', 'OPS_PORT', 'SHED_MAX_IN_FLIGHT', 'REQUEST_TIMEOUT_MS', 'TRACE_SAMPLE_RATIO']) {
      expect(processKeys, name).toContain(name);
    }
    for (const name of ['DATABASE_URL', 'DB_SCHEMA', 'DB_POOL_MAX', 'OUTBOX_SENT_RETENTION_HOURS', 'PROCESSED_EVENTS_RETENTION_HOURS', 'PGSSLMODE']) {
      expect(processKeys, name).not.toContain(name);
      expect(Object.keys(serviceConfigSchema.shape), name).toContain(name);
    }
  });

  it('parses a process without a database, and checks its settings together', () => {
    const config = loadConfig(processConfigSchema, { SERVICE_NAME: 'gateway', PORT: '8080', PUBLIC_APP_URL: 'https://reproute.example/' });
    expect(config.PUBLIC_APP_URL).toBe('https://reproute.example');
    expect(config.SHED_MAX_EVENT_LOOP_DELAY_MS).toBe(250);
    expect(config.TRACE_SAMPLE_RATIO).toBe(1);
    expect(() => loadConfig(processConfigSchema, { SERVICE_NAME: 'gateway', PORT: '8080', OPS_PORT: '8080' })).toThrowError(ConfigError);
  });

  it('gives a process of its own kind its name and port by default', () => {
    const gateway = processConfigSchemaWith({ SERVICE_NAME: 'gateway', PORT: 8080 });
    expect(loadConfig(gateway, {})).toMatchObject({ SERVICE_NAME: 'gateway', PORT: 8080 });
    expect(() => loadConfig(gateway, { KAFKA_TLS_CA_FILE: '/ca.crt' })).toThrowError(ConfigError);
  });
});

describe('topicsConfigSchema (create-topics.ts)', () => {
  it('defaults to 6 partitions and one replica, and a value that is not a whole number of at least 1 is the default', () => {
    expect(loadConfig(topicsConfigSchema, {})).toMatchObject({ KAFKA_PARTITIONS: 6, KAFKA_REPLICATION_FACTOR: 1, KAFKA_BROKERS: '127.0.0.1:9092' });
    expect(loadConfig(topicsConfigSchema, { KAFKA_PARTITIONS: '12', KAFKA_REPLICATION_FACTOR: '3' })).toMatchObject({ KAFKA_PARTITIONS: 12, KAFKA_REPLICATION_FACTOR: 3 });
    expect(loadConfig(topicsConfigSchema, { KAFKA_PARTITIONS: 'many', KAFKA_REPLICATION_FACTOR: '0' })).toMatchObject({ KAFKA_PARTITIONS: 6, KAFKA_REPLICATION_FACTOR: 1 });
  });
});
