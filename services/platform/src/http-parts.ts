import { z } from 'zod';

// What the HTTP app (http.ts), the endpoint registration (endpoints.ts) and the ops app (ops.ts) share, in a
// module of its own so that none of them imports another for it. http.ts and endpoints.ts re-export these, so
// `@reproute/platform` offers the same names as before.

/** A dependency's readiness: resolves when it is up (ops.ts runs each with a deadline). */
export type ReadinessCheck = () => Promise<unknown>;

/** How long browsers and shared caches may reuse a public read (route config `publicCache`). */
export interface PublicCache {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** The policy of the directory's public reads: fresh for 15 s, then served stale for a minute while revalidated. */
export const publicRead: { publicCache: PublicCache } = { publicCache: { maxAgeSeconds: 15, staleWhileRevalidateSeconds: 60 } };

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: PublicCache;
  }
}

/** The answer schema of a status that has no body (204): documented without content, not as a JSON null. */
export const noContentAnswer = z.null().describe('No content');

/** Schemas that document a request part the handler reads itself (multipart bodies): never applied. */
export const documentedOnly = new WeakSet<object>();
