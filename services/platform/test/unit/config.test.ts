import { describe, expect, it } from 'vitest';
import { baseConfigSchema, ConfigError, loadConfig } from '../../src/config.ts';

const valid = { SERVICE_NAME: 'catalog', PORT: '4002', DATABASE_URL: 'postgres://catalog@127.0.0.1:5432/reproute', DB_SCHEMA: 'catalog' };

describe('loadConfig', () => {
  it('parses and applies defaults', () => {
    const config = loadConfig(baseConfigSchema, valid);
    expect(config.PORT).toBe(4002);
    expect(config.KAFKA_BROKERS).toBe('127.0.0.1:9092');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('fails fast naming every missing variable', () => {
    const { DATABASE_URL: _omit, ...rest } = valid;
    expect(() => loadConfig(baseConfigSchema, { ...rest, PORT: 'not-a-port' })).toThrowError(ConfigError);
    try {
      loadConfig(baseConfigSchema, { ...rest, PORT: 'not-a-port' });
    } catch (err) {
      const error = err as ConfigError;
      expect(error.variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT']));
      expect(error.message).toContain('DATABASE_URL: is required');
    }
  });

  it('never echoes a value in its message', () => {
    try {
      loadConfig(baseConfigSchema, { ...valid, DATABASE_URL: 'not a url with secret-password' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('DATABASE_URL');
      expect((err as Error).message).not.toContain('secret-password');
    }
  });
});
