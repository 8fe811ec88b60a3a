import { endpointList, serviceNames, type Endpoint, type HttpMethod, type ServiceName } from '@reproute/contracts';

export { serviceNames, type ServiceName };

/**
 * What the gateway routes, straight from the endpoint definitions in `contracts/`: each public
 * endpoint goes to its owning service, with its access screened here first. Internal endpoints
 * (reads of the gateway itself, such as the sitemap's hotel list) are not routed.
 */
export const routedEndpoints: readonly Endpoint[] = endpointList.filter((endpoint) => !endpoint.internal);

interface CompiledEndpoint {
  endpoint: Endpoint;
  pattern: RegExp;
  staticSegments: number;
}

const compiled: CompiledEndpoint[] = routedEndpoints.map((endpoint) => ({
  endpoint,
  pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  staticSegments: endpoint.path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length,
}));

/** The endpoint a request reaches, by the router's rule: a static segment wins over a parameter. */
export function endpointFor(method: HttpMethod | undefined, path: string): Endpoint | undefined {
  const clean = path.split('?')[0] ?? path;
  let best: CompiledEndpoint | undefined;
  for (const candidate of compiled) {
    if (method && candidate.endpoint.method !== method) continue;
    if (!candidate.pattern.test(clean)) continue;
    if (!best || candidate.staticSegments > best.staticSegments) best = candidate;
  }
  return best?.endpoint;
}

/** The owner of a path, whatever the method (used by the benchmarks and tests). */
export function serviceForPath(path: string): ServiceName | undefined {
  return endpointFor(undefined, path)?.service;
}
