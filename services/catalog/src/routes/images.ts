import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { endpoints } from '@reproute/contracts';
import { serveEndpoint } from '@reproute/platform';

/** Hotel and gym pictures (files in the repo), cached for a year: a changed picture gets a new file name. */
export async function imageRoutes(app: FastifyInstance, options: { root: string }) {
  await app.register(fastifyStatic, {
    root: options.root,
    serve: false,
    maxAge: '365d',
    immutable: true,
    index: false,
    list: false,
    dotfiles: 'deny',
  });
  serveEndpoint(app, endpoints['GET /images/*'], async (request, reply) => reply.sendFile(request.params['*']));
}
