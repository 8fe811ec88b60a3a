import type { FastifyRequest } from 'fastify';
import { requireRole, requireUser } from '@reproute/platform';

/**
 * Route hooks that check the caller before the body is validated, so an anonymous caller gets
 * 401 rather than a validation message about a form they may not submit.
 */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

export const adminOnly = async (request: FastifyRequest) => {
  requireRole(request, 'admin');
};
