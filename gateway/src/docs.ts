import type { ServiceName } from './routes.ts';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/**
 * One OpenAPI document for the whole public API: each service's document (built from its
 * routes' zod schemas) merged, keeping only the paths the gateway exposes. Cached briefly.
 * `serviceUrl` names an instance of each service each time the document is made (the balancer's choice).
 */
export function openApiAggregator(services: readonly ServiceName[], serviceUrl: (name: ServiceName) => string, ttlMs = 30_000) {
  let cached: { at: number; doc: OpenApiDocument } | undefined;
  return async function aggregate(): Promise<OpenApiDocument> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.doc;
    const doc: OpenApiDocument = {
      openapi: '3.0.3',
      info: { title: 'RepRoute API', version: '1.0.0', description: 'Every call of the product, through the gateway on :8080.' },
      paths: {
        '/api/health': {
          get: {
            summary: 'Aggregated readiness of every service',
            responses: { '200': { description: 'All services ready' }, '503': { description: 'At least one service is not ready' } },
          },
        },
      },
      components: { schemas: {}, securitySchemes: {} },
    };
    const missing: string[] = [];
    await Promise.all(
      services.map(async (name) => {
        try {
          const base = serviceUrl(name);
          const res = await fetch(`${base}/openapi.json`, { signal: AbortSignal.timeout(2_000) });
          if (!res.ok) throw new Error(String(res.status));
          const part = (await res.json()) as OpenApiDocument;
          for (const [path, item] of Object.entries(part.paths ?? {})) {
            if (path.startsWith('/api/') || path.startsWith('/.well-known/')) doc.paths[path] = item;
          }
          Object.assign(doc.components!.schemas!, part.components?.schemas ?? {});
          Object.assign(doc.components!.securitySchemes!, part.components?.securitySchemes ?? {});
        } catch {
          missing.push(name);
        }
      }),
    );
    if (missing.length) doc.info.description += ` Not available right now: ${missing.sort().join(', ')}.`;
    else cached = { at: Date.now(), doc };
    return doc;
  };
}
