import type { FastifyInstance } from 'fastify';

/**
 * The routes every service app registers itself (liveness, its OpenAPI document), outside the endpoint table.
 * Readiness and metrics are on its ops app (ops.ts), not among the app's routes.
 */
export const platformRoutes = ['GET /openapi.json', 'GET /health/live'] as const;

const treeLine = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route a ready app has registered, as `METHOD /path` (HEAD, which Fastify adds to each GET,
 * left out), read from its printed route tree: a route nested under another is printed as the rest
 * of its path below it.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = treeLine.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
