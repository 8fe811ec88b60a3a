import type { FastifyRequest } from 'fastify';
import { requireRole, requireUser } from '@reproute/platform';

/** preValidation hooks: a caller without the right gets 401/403 before any body is judged. */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
export const adminOnly = async (request: FastifyRequest) => {
  requireRole(request, 'admin');
};
export const providerOnly = async (request: FastifyRequest) => {
  requireRole(request, 'provider');
};
