import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { gatewayProcess, services } from '@reproute/contracts';
import { opsPortOffset } from '@reproute/platform/deployment-settings';

// The back-end processes and their ports are written once, in contracts' services table (contracts/src/services.ts);
// the TypeScript derives from it. These files cannot import it, so each is checked against it here: a service added,
// renamed or moved to another port in the table fails the files that were not changed with it.

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const table = services.map((service) => `${service.name}:${service.port}`);
const opsPort = (port: number) => port + opsPortOffset;

type ComposeService = { environment?: Record<string, string | number>; ports?: string[]; command?: string[] };

describe("contracts' services table", () => {
  it('is infra/env.sh SERVICES (name:port, in order) and its gateway port', () => {
    const env = read('infra/env.sh');
    const line = /^SERVICES="\$\{SERVICES:-(.*)\}"$/m.exec(env)?.[1];
    expect(line, 'SERVICES="${SERVICES:-...}" in infra/env.sh').toBeDefined();
    const pairs = line!.replace(/\$\(\((\d+) \+ _o\)\)/g, '$1').split(/\s+/);
    expect(pairs).toEqual(table);
    expect(env).toContain(`GATEWAY_PORT="\${GATEWAY_PORT:-$((${gatewayProcess.port} + _o))}"`);
  });

  it('is docker-compose.yml: one container per process with its name, directory, port, schema and ops port', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
    const containers = compose.services;
    const processes = Object.entries(containers).filter(([, container]) => container.environment?.SERVICE_DIR !== undefined);
    expect(processes.map(([name]) => name).sort()).toEqual([gatewayProcess.name, ...services.map((s) => s.name)].sort());
    for (const { name, port } of services) {
      const env = containers[name]!.environment!;
      expect({ name, SERVICE_NAME: env.SERVICE_NAME, SERVICE_DIR: env.SERVICE_DIR, PORT: env.PORT, DB_SCHEMA: env.DB_SCHEMA, DATABASE_URL: env.DATABASE_URL }).toEqual({
        name,
        SERVICE_NAME: name,
        SERVICE_DIR: `services/${name}`,
        PORT: String(port),
        DB_SCHEMA: name,
        DATABASE_URL: `postgres://${name}@postgres:5432/reproute`,
      });
      expect(containers[name]!.ports, name).toEqual([`127.0.0.1:${port}:${port}`, `127.0.0.1:${opsPort(port)}:${opsPort(port)}`]);
    }
    const gateway = containers[gatewayProcess.name]!;
    expect(gateway.environment!.PORT).toBe(String(gatewayProcess.port));
    expect(gateway.ports).toEqual([`127.0.0.1:${gatewayProcess.port}:${gatewayProcess.port}`, `127.0.0.1:${opsPort(gatewayProcess.port)}:${opsPort(gatewayProcess.port)}`]);
    // The gateway reaches each process by its container name and port.
    const upstreams = Object.fromEntries(Object.entries(gateway.environment!).filter(([variable, value]) => /^[A-Z]+_URL$/.test(variable) && /^http:\/\/[a-z-]+:\d+$/.test(String(value))));
    expect(upstreams).toEqual(Object.fromEntries(services.map(({ name, port }) => [`${name.toUpperCase()}_URL`, `http://${name}:${port}`])));
    const identity = services.find((s) => s.name === 'identity')!;
    expect(containers.catalog!.environment!.IDENTITY_JWKS_URL).toBe(`http://identity:${identity.port}/.well-known/jwks.json`);
    // The one-shot setup migrates every service's schema (migrate.ts reads SERVICES as infra/env.sh gives it).
    const setup = containers.setup!.command!.join(' ');
    expect(/SERVICES='([^']*)'/.exec(setup)?.[1]?.split(' ')).toEqual(table);
  });

  it("is the Dockerfile's workspace manifests", () => {
    const copied = [...read('Dockerfile').matchAll(/^COPY services\/([a-z-]+)\/package\.json services\/\1\/$/gm)].map((m) => m[1]).filter((name) => name !== 'platform');
    expect(copied).toEqual(services.map((s) => s.name));
  });

  it('is the scrape targets of both Prometheus files: every process on its ops port', () => {
    const targetsOf = (file: string) => {
      const config = parse(read(file)) as { scrape_configs: { static_configs: { targets: string[]; labels: { service: string } }[] }[] };
      return config.scrape_configs.flatMap((job) => job.static_configs.map((group) => `${group.labels.service} ${group.targets.join(',')}`)).sort();
    };
    const processes = [gatewayProcess, ...services];
    expect(targetsOf('infra/prometheus/prometheus.yml')).toEqual(processes.map(({ name, port }) => `${name} 127.0.0.1:${opsPort(port)}`).sort());
    expect(targetsOf('infra/prometheus/prometheus.compose.yml')).toEqual(processes.map(({ name, port }) => `${name} ${name}:${opsPort(port)}`).sort());
  });

  it("is the Helm chart's components (directory and port) and its order of the services", () => {
    const values = parse(read('infra/helm/reproute/values.yaml')) as { components: Record<string, { serviceDir: string; port: number }> };
    const components = Object.fromEntries(Object.entries(values.components).map(([name, c]) => [name, { serviceDir: c.serviceDir, port: c.port }]));
    expect(components).toEqual({
      [gatewayProcess.name]: { serviceDir: 'gateway', port: gatewayProcess.port },
      ...Object.fromEntries(services.map(({ name, port }) => [name, { serviceDir: `services/${name}`, port }])),
    });
    const order = /\$order := list ((?:"[a-z-]+" ?)+)/.exec(read('infra/helm/reproute/templates/_helpers.tpl'))?.[1];
    expect(order?.trim().split(' ').map((name) => JSON.parse(name) as string)).toEqual(services.map((s) => s.name));
  });
});
