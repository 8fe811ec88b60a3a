import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.ts';
import { opsUrlOf } from '../../src/instances.ts';

// The gateway asks each service instance's readiness on its ops port (the platform's ops.ts), never the port it
// proxies to: the instance's address with the port moved by UPSTREAM_OPS_PORT_OFFSET, as the services' default.
describe('opsUrlOf', () => {
  it("moves an instance's port by the offset (50 by default, as the services' OPS_PORT)", () => {
    expect(opsUrlOf('http://127.0.0.1:4002')).toBe('http://127.0.0.1:4052');
    expect(opsUrlOf('http://127.0.0.1:4102', 50)).toBe('http://127.0.0.1:4152');
    expect(opsUrlOf('http://release-reproute-catalog:4002', 50)).toBe('http://release-reproute-catalog:4052');
    expect(opsUrlOf('http://catalog', 1000)).toBe('http://catalog:1080');
    expect(opsUrlOf('https://catalog.internal', 50)).toBe('https://catalog.internal:493');
  });

  it('takes the offset from the config, 50 unless set', () => {
    expect(configSchema.parse({}).UPSTREAM_OPS_PORT_OFFSET).toBe(50);
    expect(configSchema.parse({ UPSTREAM_OPS_PORT_OFFSET: '1000' }).UPSTREAM_OPS_PORT_OFFSET).toBe(1000);
    expect(configSchema.parse({}).OPS_PORT).toBeUndefined();
  });

  it("validates the gateway's own Kafka and Redis settings as the services' are", () => {
    expect(configSchema.safeParse({ KAFKA_SASL_MECHANISM: 'scram-sha-512' }).error?.issues.map((i) => i.path[0])).toEqual(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']);
    expect(configSchema.safeParse({ REDIS_URL: 'rediss://r:6380', REDIS_PASSWORD: 'p' }).success).toBe(true);
  });
});
