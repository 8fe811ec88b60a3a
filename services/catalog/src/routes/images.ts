import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hotel and gym pictures (files in the repo): content-addressed by path, so cached for a year. */
export async function imageRoutes(app: FastifyInstance, options: { root: string }) {
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/images/',
    maxAge: '365d',
    immutable: true,
    index: false,
    list: false,
    dotfiles: 'deny',
  });
}
