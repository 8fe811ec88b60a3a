import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, telemetryConfigSchema } from '../../src/config.ts';

const ratio = (value: string | undefined) => loadConfig(telemetryConfigSchema, value === undefined ? {} : { TRACE_SAMPLE_RATIO: value }).TRACE_SAMPLE_RATIO;

describe('trace sampling ratio (the telemetry preload\'s TRACE_SAMPLE_RATIO)', () => {
  it('keeps every trace unless configured, and takes a ratio from 0 to 1', () => {
    expect(ratio(undefined)).toBe(1);
    expect(ratio('')).toBe(1);
    expect(ratio('0.01')).toBe(0.01);
    expect(ratio('0')).toBe(0);
  });

  it('fails fast on a value that is not a ratio, naming the variable', () => {
    for (const bad of ['abc', '-0.1', '1.5']) {
      expect(() => ratio(bad)).toThrow(ConfigError);
      expect(() => ratio(bad)).toThrow(/TRACE_SAMPLE_RATIO/);
    }
  });

  it('reads the rest of what the preload needs without the process\'s other settings', () => {
    expect(loadConfig(telemetryConfigSchema, { SERVICE_NAME: 'catalog', INSTANCE_ID: 'catalog-2', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toEqual({
      SERVICE_NAME: 'catalog',
      INSTANCE_ID: 'catalog-2',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      TRACE_SAMPLE_RATIO: 1,
    });
  });
});
