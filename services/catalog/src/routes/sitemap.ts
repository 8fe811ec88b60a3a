import type { FastifyInstance } from 'fastify';
import { endpoints, type SitemapHotel } from '@reproute/contracts';
import { serveEndpoint, type Queryable, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';

/** Every hotel a visitor may see (approved), with when it last changed: the sitemap's hotel pages. */
export async function listSitemapHotels(db: Queryable): Promise<SitemapHotel[]> {
  const { rows } = await db.query<{ id: number; slug: string; updated_at: Date }>('SELECT id, slug, updated_at FROM hotels WHERE is_approved ORDER BY id');
  return rows.map((row) => ({ id: Number(row.id), slug: row.slug, updatedAt: row.updated_at.toISOString() }));
}

/** GET /api/sitemap-hotels: read by the gateway for /sitemap.xml (not proxied to the public). */
export async function sitemapRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/sitemap-hotels'], async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { hotels: await listSitemapHotels(ctx.pool) };
  });
}
