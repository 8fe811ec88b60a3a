/**
 * The back-end processes and their ports, written once. The gateway's upstreams (IDENTITY_URL ... NOTIFIER_URL,
 * their defaults), its OpenAPI sources and route owners (`serviceNames`), the platform's default JWKS address
 * and the test stack's ports derive from this table in code. The files that cannot import TypeScript
 * (infra/env.sh's SERVICES, docker-compose.yml, the Dockerfile's workspace list, the two Prometheus files and the
 * Helm chart's components) are checked against it by infra/test/service-table.test.ts. Plain values only.
 *
 * `port` is the first instance's port locally and in docker-compose and the chart (a second instance on one
 * machine listens 100 higher, infra/env.sh); `api`: the service owns endpoints of the public API (the notifier
 * only sends email, so the gateway routes nothing to it and asks only its readiness).
 */
export const services = [
  { name: 'identity', port: 4001, api: true },
  { name: 'catalog', port: 4002, api: true },
  { name: 'engagement', port: 4003, api: true },
  { name: 'referral', port: 4004, api: true },
  { name: 'analytics', port: 4005, api: true },
  { name: 'notifier', port: 4006, api: false },
  { name: 'webhooks', port: 4007, api: true },
] as const;

/** Every back-end process, the notifier included. */
export type BackEndName = (typeof services)[number]['name'];
/** The services that own endpoints of the public API (the gateway routes to them). */
export type ServiceName = Extract<(typeof services)[number], { api: true }>['name'];

export const backEndNames: readonly BackEndName[] = services.map((service) => service.name);
export const serviceNames: readonly ServiceName[] = services.filter((service): service is Extract<(typeof services)[number], { api: true }> => service.api).map((service) => service.name);

/** The gateway: the one process the public reaches (it serves the SPA too). */
export const gatewayProcess = { name: 'gateway', port: 8080 } as const;

/** A back-end process's base port. */
export const servicePort = (name: BackEndName): number => services.find((service) => service.name === name)!.port;
