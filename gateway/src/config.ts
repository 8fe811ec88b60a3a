import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { opsPortOffset, processConfigSchemaWith } from '@reproute/platform';
import { backEndNames, gatewayProcess, services, type BackEndName } from '@reproute/contracts';
import { instanceUrls } from './instances.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A service's address, or the comma-separated addresses of its instances (the gateway balances over them). */
const instances = (fallback: string) => z.string().transform(instanceUrls).pipe(z.array(z.url()).min(1)).prefault(fallback);

/** The variable naming a back-end process's addresses: IDENTITY_URL ... NOTIFIER_URL. */
type UpstreamVariable = `${Uppercase<BackEndName>}_URL`;
export const upstreamVariable = (name: BackEndName): UpstreamVariable => `${name.toUpperCase() as Uppercase<BackEndName>}_URL`;

/** Every back-end process's addresses (contracts' services table), by default its first instance on this machine. */
const upstreamShape = Object.fromEntries(
  services.map((service) => [
    upstreamVariable(service.name),
    instances(`http://127.0.0.1:${service.port}`).describe(
      service.api
        ? `Where ${service.name} is reached: an address, or the comma-separated addresses of its instances, which the gateway balances over (an instance that stops answering is taken out until it is back). services.sh sets every instance's.`
        : `Where ${service.name} is reached (an address, or its instances' comma-separated): the gateway routes nothing to it and asks only its readiness (/api/health).`,
    ),
  ]),
) as Record<UpstreamVariable, ReturnType<typeof instances>>;

/** The gateway's configuration: the process schema every process reads (platform config.ts; its name and port by default the gateway's), and its own. */
export const configSchema = processConfigSchemaWith({ SERVICE_NAME: gatewayProcess.name, PORT: gatewayProcess.port }).extend({
  ...upstreamShape,
  FRONTEND_DIST: z
    .string()
    .default(path.resolve(here, '../../frontend/dist'))
    .describe('The front end\'s build (`infra/scripts/frontend.sh build`), served as the SPA. Not built: only the API is served.'),
  FRONTEND_SERVER_RENDER: z
    .string()
    .default(path.resolve(here, '../../frontend/dist-server/entry-server.js'))
    .describe('The front end\'s server render of pages (built beside the SPA). A missing file: pages go without it, as before.'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200).describe('Requests per minute per client address across /api, shared between the gateway\'s instances through Redis.'),
  RATE_LIMIT_NAMESPACE: z.string().default('ratelimit:gateway:').describe('Redis key prefix of the rate-limit counters (gateways sharing one Redis share limits under one prefix).'),
  TRUST_PROXY: z
    .stringbool()
    .default(false)
    .describe('`true` when a load balancer in front of the gateway sets X-Forwarded-For (the chart sets it: the ingress does). Unset: proxy headers are not trusted, the socket\'s address counts.'),
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0).describe('Strict-Transport-Security\'s max-age on answers over HTTPS (seconds; 0: not sent). The chart\'s production values set a year.'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000).describe('How long (ms) the gateway waits for a service instance\'s answer headers, and then between pieces of its body.'),
  PAGE_HOTEL_TTL_MS: z
    .coerce.number()
    .int()
    .min(0)
    .default(30_000)
    .describe('How long (ms) a hotel page\'s catalog answer (its head tags and status) is kept. A hotel event ends it at once, so this only bounds staleness while Kafka is away.'),
  PAGE_SITEMAP_TTL_MS: z
    .coerce.number()
    .int()
    .min(0)
    .default(600_000)
    .describe('How long (ms) the sitemap\'s list of hotels is kept: hotel events keep it current, this bounds it while Kafka is away.'),
  PUBLIC_CACHE_TTL_MS: z
    .coerce.number()
    .int()
    .min(0)
    .default(2_000)
    .describe(
      'How long (ms) a public read answered to a visitor (search, a hotel, cities, reviews) is kept in memory and given to the next visitors: at most the answer\'s own max-age; writes through the gateway and hotel and review events end it sooner (docs/api.md, "Caching"). 0: not kept.',
    ),
  PUBLIC_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(5_000).describe('How many public reads are kept at most (the oldest go first).'),
  UPSTREAM_OPS_PORT_OFFSET: z
    .coerce.number()
    .int()
    .min(-65535)
    .max(65535)
    .default(opsPortOffset)
    .describe('Where the gateway asks each service instance\'s readiness (/api/health, its instance checks): the instance\'s address with its port plus this, as the services\' OPS_PORT default.'),
});
export type Config = z.infer<typeof configSchema>;

/** Every instance address of each back-end process, by process. */
export function upstreams(config: Config): Record<BackEndName, string[]> {
  return Object.fromEntries(backEndNames.map((name) => [name, config[upstreamVariable(name)]])) as Record<BackEndName, string[]>;
}
